/**
 * Keeping secrets out of everything the CLI prints or writes (terminal lines, JSON, JUnit,
 * HTML). A value is secret when it came from a process environment variable
 * (`{{$env.NAME}}`), from a variable marked secret (a Wirebench secret variable, a Postman
 * `secret` value), from a capture marked secret, or has the shape of a credential (core's
 * secret-by-kind rule, `looksLikeSecretValue`); secret-named headers are masked whole.
 * Every occurrence of a known secret in any text is replaced by core's `maskFor` wording.
 */
import { isSecretHeaderName, isSecretValue, looksLikeSecretValue, maskFor, maskResponseHeaders, maskSecretText, SecretLedger, type HeaderField } from '../core';

/** The secrets of one run, and masking by them: core's `SecretLedger` (values by provenance, with their Base64 and percent-encoded forms) and its secret-by-kind rule. */
export class SecretMask {
  /** `ledger`: the run's (main passes core's `sessionSecrets`, so the report builders' redaction sees the same values); a fresh one by default. */
  constructor(readonly ledger: SecretLedger = new SecretLedger()) {}

  /** Remembers `value` as a secret (empty and very short values are ignored). */
  add(value: string | undefined, origin = 'a secret'): void {
    this.ledger.remember(value, origin);
  }

  /** Whether `value` is a known secret (or holds one), or has the shape of one. */
  isSecret(value: string): boolean {
    return looksLikeSecretValue(value) || this.ledger.originOf(value) !== undefined;
  }

  /** Whether a value written under `name` is a secret: by kind, by its name, or by provenance. */
  isSecretNamed(name: string, value: string): boolean {
    return isSecretValue(name, value, this.ledger);
  }

  /** `text` with every known secret (longest first, and its encoded forms) and every credential-shaped word masked. */
  text(text: string): string {
    // Credential-shaped words (a JWT in a URL, a token in a message) are masked even when nobody declared them.
    return maskSecretText(text, this.ledger);
  }

  /** Headers with secret names masked whole and known secrets masked inside the rest. */
  headers(headers: readonly HeaderField[]): HeaderField[] {
    // History's header rule first (a code or token in a Location's query or fragment, a Link's target), then whole secret headers and known secrets.
    return maskResponseHeaders(headers).headers.map((h) => ({ name: h.name, value: isSecretHeaderName(h.name) ? maskFor(h.name) : this.text(h.value) }));
  }
}
