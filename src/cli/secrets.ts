/**
 * Keeping secrets out of everything the CLI prints or writes (terminal lines, JSON, JUnit,
 * HTML). A value is secret when it came from a process environment variable
 * (`{{$env.NAME}}`), from a variable marked secret (a Wirebench secret variable, a Postman
 * `secret` value), from a capture marked secret, or has the shape of a credential (core's
 * secret-by-kind rule, `looksLikeSecretValue`); secret-named headers are masked whole.
 * Every occurrence of a known secret in any text is replaced by core's `maskFor` wording.
 */
import { isSecretHeaderName, looksLikeSecretValue, maskFor, type HeaderField } from '../core';

/** Secrets shorter than this are not searched for in text: too likely to match ordinary words (core uses the same bound for carried secrets). */
const MIN_SECRET_LENGTH = 8;

/** The secrets of one run, and masking by them. */
export class SecretMask {
  private readonly values = new Set<string>();

  /** Remembers `value` as a secret (empty and very short values are ignored). */
  add(value: string | undefined): void {
    if (value !== undefined && value.length >= MIN_SECRET_LENGTH) this.values.add(value);
  }

  /** Whether `value` is a known secret or has the shape of one. */
  isSecret(value: string): boolean {
    return this.values.has(value) || looksLikeSecretValue(value);
  }

  /** `text` with every known secret (longest first) and every credential-shaped word masked. */
  text(text: string): string {
    let out = text;
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) if (out.includes(value)) out = out.split(value).join(maskFor('a secret'));
    // Credential-shaped words (a JWT in a URL, a token in a message) are masked even when nobody declared them.
    return out.replace(/(?:bearer|basic|token)\s+\S{8,}|[A-Za-z0-9_.+/=-]{16,}/gi, (word) => (looksLikeSecretValue(word) ? maskFor('a credential-shaped value') : word));
  }

  /** Headers with secret names masked whole and known secrets masked inside the rest. */
  headers(headers: readonly HeaderField[]): HeaderField[] {
    return headers.map((h) => ({ name: h.name, value: isSecretHeaderName(h.name) ? maskFor(h.name) : this.text(h.value) }));
  }
}
