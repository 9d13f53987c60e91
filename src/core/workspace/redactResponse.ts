/**
 * Responses as history keeps them. Bodies: a token endpoint's answer (`access_token`, the
 * rotated `refresh_token`, `id_token`), any member, element, attribute or pair with a
 * secret-looking name, credentials embedded in longer text (a JWT in a message, a token in
 * a URL), and every value equal to a secret the request carried (an echo endpoint
 * repeating the bearer token) are masked — in JSON, form-encoded, XML/HTML and plain text
 * alike. JSON stays valid JSON with every member in place, XML stays well-formed; the work
 * is linear in the body's size. Headers: cookie values, secret headers, and secret
 * parameters of URL-valued headers (`Location: …?code=…`, `#access_token=…`).
 */
import { checkJsonSyntax, type JsonToken } from '../encoding/jsonSyntax';
import type { HeaderField } from '../types';
import { isSecretHeaderName, looksLikeSecretValue, secretValueKind } from './secretKinds';
import { isSecretResponseName, isStrongSecretName, maskFor, maskTextSecrets, textSecretSpans, URL_MASK, type MaskSpan } from './redactResponseText';
import { maskXmlSecrets } from './redactResponseXml';
import { mergeSpans, replaceSpans } from './secretScan';

export { isSecretResponseName, maskFor, maskTextSecrets } from './redactResponseText';
export { maskXmlSecrets } from './redactResponseXml';

/** Carried secrets shorter than this are not searched for in bodies: too likely to match ordinary text. */
const MIN_CARRIED_LENGTH = 8;

/** Strings shorter than this cannot hold a credential inside longer text (`pw=ab` at the least). */
const MIN_TEXT_SECRET_LENGTH = 6;

function usableCarried(carried: readonly string[]): string[] {
  return [...new Set(carried.filter((value) => value.length >= MIN_CARRIED_LENGTH))].sort((a, b) => b.length - a.length);
}

/** `text` with every occurrence of a carried secret replaced (longest first, one pass each). */
function maskCarried(text: string, carried: readonly string[], mask = maskFor('a secret this request carried')): string {
  let out = text;
  for (const value of carried) if (out.includes(value)) out = out.split(value).join(mask);
  return out;
}

/** An open object or array while reading JSON tokens. */
interface JsonFrame {
  array: boolean;
  /** The member name the container is the value of (an array's elements are read under it). */
  name: string;
  /** Set when everything inside is a credential (under `credentials`, `tokens`…): the name shown in the mask. */
  secretUnder: string | undefined;
}

/**
 * JSON with its string values masked where they are secrets: by their member's name (an
 * array's elements by the array's), inside an object or array named for credentials, by
 * their shape, by containing a carried secret; and credentials embedded in other strings
 * masked in place. Undefined when the text is not JSON.
 */
function maskJson(text: string, carried: readonly string[]): string | undefined {
  const tokens: JsonToken[] = [];
  if (checkJsonSyntax(text, (token) => tokens.push(token))) return undefined;
  const edits: MaskSpan[] = [];
  const stack: JsonFrame[] = [];
  let key: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const top = stack[stack.length - 1];
    if (token.kind === 'string' && tokens[i + 1]?.kind === ':') {
      key = JSON.parse(text.slice(token.from, token.to)) as string;
      continue;
    }
    if (token.kind === ':' || token.kind === ',' || token.kind === 'eof') continue;
    if (token.kind === '}' || token.kind === ']') {
      stack.pop();
      continue;
    }
    const name = top === undefined ? '' : top.array ? top.name : (key ?? '');
    key = undefined;
    if (token.kind === '{' || token.kind === '[') {
      stack.push({ array: token.kind === '[', name, secretUnder: top?.secretUnder ?? (isStrongSecretName(name) ? name : undefined) });
      continue;
    }
    if (token.kind !== 'string') continue;
    const current = JSON.parse(text.slice(token.from, token.to)) as string;
    if (current === '') continue;
    const secretName = isSecretResponseName(name) ? name : top?.secretUnder;
    if (secretName !== undefined || looksLikeSecretValue(current) || carried.some((c) => current.includes(c))) {
      edits.push({ from: token.from, to: token.to, replacement: JSON.stringify(maskFor(secretName ?? (name || secretValueKind(current) || 'a secret this request carried'))) });
    } else if (current.length >= MIN_TEXT_SECRET_LENGTH) {
      const masked = maskTextSecrets(current);
      if (masked !== current) edits.push({ from: token.from, to: token.to, replacement: JSON.stringify(masked) });
    }
  }
  return replaceSpans(text, edits, (_value, edit) => edit.replacement);
}

function decodeFormPart(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function maskForm(text: string, carried: readonly string[]): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = decodeFormPart(pair.slice(0, eq));
      const value = decodeFormPart(pair.slice(eq + 1));
      if (name === undefined || value === undefined || value === '') return pair;
      if (isSecretResponseName(name) || looksLikeSecretValue(value) || carried.some((c) => value.includes(c))) return `${pair.slice(0, eq)}=${encodeURIComponent(maskFor(name))}`;
      const masked = value.length >= MIN_TEXT_SECRET_LENGTH ? maskTextSecrets(value) : value;
      return masked === value ? pair : `${pair.slice(0, eq)}=${encodeURIComponent(masked)}`;
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
 * reading: JSON (also a JSON-looking body without a type; invalid JSON falls back to
 * text), form-urlencoded, XML and HTML (also any other body that starts with `<`), else
 * plain text (`access_token=…` lines, `token: …`, bare tokens, URLs). `carried` are the
 * secret values the request carried (its resolved Authorization, API keys, cookies…).
 */
export function maskResponseBody(text: string, contentType: string, carried: readonly string[] = []): MaskedBody {
  const values = usableCarried(carried);
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  let out: string | undefined;
  if (essence === 'application/json' || essence.endsWith('+json') || (essence === '' && /^\s*[[{]/.test(text))) out = maskJson(text, values);
  else if (essence === 'application/x-www-form-urlencoded') out = maskForm(text, values);
  else if (/^(application|text)\/([\w.+-]*\+)?xml$|^text\/html$/.test(essence) || /^\s*</.test(text)) out = maskXmlSecrets(text);
  out ??= maskTextSecrets(text);
  out = maskCarried(out, values);
  return { text: out, changed: out !== text };
}

/** Response headers whose whole value is a URL (RFC 9110 §10.2.2, §8.7). */
const URL_HEADER = /^(location|content-location)$/i;

/** Headers whose names contain a secret word but are not secrets: CORS lists and flags, and names that describe a credential (`X-Token-Expires`). */
const NOT_SECRET_HEADER = /^access-control-|[-_](type|expires|expires-in|expires-at|expiry|ttl)$/i;

/** Authorization-style scheme words kept in front of a masked credential. */
const SCHEME_WORD = /^(basic|bearer|digest|jwt|token|hawk|negotiate|ntlm)\s+/i;

/** The URL parts of a header value with no scheme of its own: a relative `Location`, `Refresh`'s `url=`, `Link`'s `<…>`. */
function urlRangesOf(name: string, value: string): [number, number][] {
  if (URL_HEADER.test(name)) return [[0, value.length]];
  if (/^refresh$/i.test(name)) {
    const match = /\burl\s*=\s*['"]?/i.exec(value);
    if (!match) return [];
    const from = match.index + match[0].length;
    const quoted = /['"]$/.test(value.trimEnd()) && /['"]$/.test(match[0]);
    return [[from, quoted ? value.trimEnd().length - 1 : value.length]];
  }
  if (/^link$/i.test(name)) return [...value.matchAll(/<([^<>]*)>/g)].map((m) => [m.index + 1, m.index + 1 + m[1]!.length]);
  return [];
}

/** Response headers as history keeps them (see `maskResponseHeaders`). */
export interface MaskedHeaders {
  headers: HeaderField[];
  /**
   * The values taken out (as written and, when different, percent-decoded), so a body that
   * repeats one can be masked as a carried secret. Never to be stored.
   */
  secrets: string[];
  /** Whether anything was masked. */
  changed: boolean;
}

/**
 * Response headers with their secrets masked: the value of each `Set-Cookie` (name and
 * attributes kept), secret headers (`X-Auth-Token`, an echoed `Authorization`: scheme word
 * kept), secret query and fragment parameters and userinfo passwords of URLs —
 * `Location` and `Content-Location` (relative too), `Refresh`'s `url=`, `Link`'s targets
 * and absolute URLs in any header — `access_token`, `id_token`, `refresh_token`, `code`,
 * `token`, `client_secret`, `password`…, credential-shaped values anywhere, and values
 * equal to `carried` secrets. Values that are `{{references}}` are kept.
 */
export function maskResponseHeaders(headers: readonly HeaderField[], carried: readonly string[] = []): MaskedHeaders {
  const values = usableCarried(carried);
  const secrets = new Set<string>();
  const taken = (value: string) => {
    secrets.add(value);
    const decoded = decodeFormPart(value);
    if (decoded !== undefined && decoded !== value) secrets.add(decoded);
  };
  const out = headers.map((header): HeaderField => {
    const { name, value } = header;
    if (/^(\s*\{\{[^{}]*\}\}\s*)+$/.test(value)) return header;
    if (/^set-cookie$/i.test(name)) {
      const match = /^([^=;]*=)([^;]*)/.exec(value);
      const cookie = match?.[2]?.trim().replace(/^"(.*)"$/, '$1') ?? '';
      if (!match || cookie === '' || cookie.startsWith('••••')) return header;
      taken(cookie);
      return { name, value: `${match[1]}${URL_MASK}${value.slice(match[0].length)}` };
    }
    if (isSecretHeaderName(name) && !NOT_SECRET_HEADER.test(name)) {
      const scheme = SCHEME_WORD.exec(value)?.[0] ?? '';
      const credential = value.slice(scheme.length).trim();
      if (credential === '' || credential.startsWith('••••')) return header;
      taken(credential);
      return { name, value: `${scheme}${maskFor(name)}` };
    }
    const urlRanges = urlRangesOf(name, value);
    const spans: MaskSpan[] = [...textSecretSpans(value, urlRanges)];
    for (const secret of values) {
      for (let at = value.indexOf(secret); at >= 0; at = value.indexOf(secret, at + secret.length)) {
        const inUrl = urlRanges.some(([from, to]) => at >= from && at < to) || /:\/\/\S*$/.test(value.slice(0, at));
        spans.push({ from: at, to: at + secret.length, replacement: inUrl ? URL_MASK : maskFor('a secret this request carried') });
      }
    }
    if (spans.length === 0) return header;
    const merged = mergeSpans(spans);
    for (const span of merged) taken(value.slice(span.from, span.to));
    return { name, value: replaceSpans(value, merged, (_value, span) => span.replacement) };
  });
  const changed = out.some((h, i) => h !== headers[i]);
  return { headers: changed ? out : [...headers], secrets: [...secrets].filter((s) => s.length >= 4), changed };
}
