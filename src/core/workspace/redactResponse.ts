/**
 * Response bodies as history keeps them: a token endpoint's answer (`access_token`,
 * the rotated `refresh_token`, `id_token`), any member with a secret-looking name or a
 * credential-shaped value, and every value equal to a secret the request carried (an echo
 * endpoint repeating the bearer token) are masked — in JSON, form-encoded and plain text
 * bodies alike. JSON stays valid JSON with every member in place; the work is linear in
 * the body's size.
 */
import { checkJsonSyntax, type JsonToken } from '../encoding/jsonSyntax';
import { looksLikeSecretValue } from './redact';

/** Members whose string values are masked in stored response bodies. */
const SECRET_RESPONSE_MEMBER = /token|secret|passw(or)?d|api-?_?key|apikey|credential|client_assertion|^code$|session/i;

/** Names that contain a secret word but describe, not hold, a credential. */
const DESCRIPTIVE_MEMBER = /^(token_type|token_endpoint\w*|\w*_(uri|url|endpoint)|expires_in|\w*_expires_in|\w*_type)$/i;

function isSecretMember(name: string): boolean {
  return SECRET_RESPONSE_MEMBER.test(name) && !DESCRIPTIVE_MEMBER.test(name);
}

/** The text that replaces a masked value, naming what it was. */
export function maskFor(name: string): string {
  return `•••• (masked: ${name})`;
}

/** Carried secrets shorter than this are not searched for in bodies: too likely to match ordinary text. */
const MIN_CARRIED_LENGTH = 8;

function usableCarried(carried: readonly string[]): string[] {
  return [...new Set(carried.filter((value) => value.length >= MIN_CARRIED_LENGTH))].sort((a, b) => b.length - a.length);
}

/** `text` with every occurrence of a carried secret replaced (longest first, one pass each). */
function maskCarried(text: string, carried: readonly string[]): string {
  let out = text;
  for (const value of carried) if (out.includes(value)) out = out.split(value).join(maskFor('a secret this request carried'));
  return out;
}

function maskJson(text: string, carried: readonly string[]): string | undefined {
  const tokens: JsonToken[] = [];
  if (checkJsonSyntax(text, (token) => tokens.push(token))) return undefined;
  const edits: { from: number; to: number; text: string }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const value = tokens[i]!;
    if (value.kind !== 'string') continue;
    const isValue = i >= 2 && tokens[i - 1]!.kind === ':' && tokens[i - 2]!.kind === 'string';
    const current = JSON.parse(text.slice(value.from, value.to)) as string;
    const name = isValue ? (JSON.parse(text.slice(tokens[i - 2]!.from, tokens[i - 2]!.to)) as string) : '';
    const followedByColon = tokens[i + 1]?.kind === ':';
    if (followedByColon) continue;
    const secretByName = isValue && isSecretMember(name) && current !== '';
    const secretByValue = looksLikeSecretValue(current) || carried.some((c) => current.includes(c));
    if (secretByName || secretByValue) edits.push({ from: value.from, to: value.to, text: JSON.stringify(maskFor(name || 'a credential-shaped value')) });
  }
  if (edits.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (const edit of edits) {
    parts.push(text.slice(last, edit.from), edit.text);
    last = edit.to;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

function maskForm(text: string, carried: readonly string[]): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      let value = pair.slice(eq + 1);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        return pair;
      }
      const secret = (isSecretMember(name) && value !== '') || looksLikeSecretValue(value) || carried.some((c) => value.includes(c));
      return secret ? `${pair.slice(0, eq)}=${encodeURIComponent(maskFor(name))}` : pair;
    })
    .join('&');
}

/** What was masked in one body. */
export interface MaskedBody {
  text: string;
  /** Whether anything was masked. */
  changed: boolean;
}

/**
 * A stored copy of a response body with its secrets masked. `contentType` picks the
 * reading (JSON, form-urlencoded, else plain text); `carried` are the secret values the
 * request carried (its resolved Authorization, API keys, cookies…).
 */
export function maskResponseBody(text: string, contentType: string, carried: readonly string[] = []): MaskedBody {
  const values = usableCarried(carried);
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  let out: string | undefined;
  if (essence === 'application/json' || essence.endsWith('+json') || (essence === '' && /^\s*[[{]/.test(text))) out = maskJson(text, values);
  else if (essence === 'application/x-www-form-urlencoded') out = maskForm(text, values);
  out = maskCarried(out ?? text, values);
  return { text: out, changed: out !== text };
}
