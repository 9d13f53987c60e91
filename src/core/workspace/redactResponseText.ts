/**
 * Secrets in the free text of a response as history keeps it: a `text/plain` token
 * answer (`access_token=…` lines, `token: eyJ…`), a string member that quotes a URL or a
 * header, an XML text node, a header value. Three readings, each by position, joined:
 * URLs (secret query and fragment parameters, including an OAuth `code`, and a userinfo
 * password), `name: value` / `name=value` pairs whose name holds a credential, and
 * credential-shaped words (`findSecretSpans`). Only the secret characters change, so JSON
 * strings, XML text and URLs stay what they were around them.
 */
import { looksLikeSecretValue } from './secretKinds';
import { findSecretSpans, mergeSpans, replaceSpans } from './secretScan';

/** The text that replaces a masked value, naming what it was. */
export function maskFor(name: string): string {
  return `•••• (masked: ${name})`;
}

/** What replaces a value inside a URL or a cookie: no blanks or punctuation, so the URL still reads as one. */
export const URL_MASK = '••••';

/** A part of a text to replace, and with what. */
export interface MaskSpan {
  from: number;
  to: number;
  replacement: string;
}

/** Names (in snake case) that hold a credential: tokens, secrets, passwords, API keys, sessions, an authorization or device code. */
const SECRET_NAME = /token|secret|passw(or)?d|passwd|(^|_)pwd$|api_?key|credential|client_assertion|session|^(code|device_code|auth_code|authorization_code)$/;

/** Names with a secret word that describe a credential rather than hold one (`token_type`, `token_endpoint`, `expires_in`, `session_state`…). */
const DESCRIPTIVE_NAME = /(^|_)(type|types|type_hint|hint|uri|uris|url|urls|endpoint|endpoints|expires_in|expires_at|expiry|expiration|lifetime|ttl|name|names|id|ids|length|count|methods?|supported|path|format|state|status|scope|scopes|policy|required|enabled)$/;

/** Session identifiers, secret although they end in `id`. */
const SESSION_ID = /(^|_)(session_?id|sid|phpsessid|jsessionid)$/;

/** Names whose secrecy passes to everything inside an object or list under them (not `session` or `code`, which often hold plain records). */
const STRONG_SECRET_NAME = /token|secret|passw(or)?d|passwd|(^|_)pwd$|api_?key|credential|client_assertion/;

/** `AccessToken`, `access-token`, `oauth.access_token` → `access_token`, …: one spelling for the name rules. */
function snakeName(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .replace(/[-.\s]+/g, '_')
    .toLowerCase();
}

/**
 * Whether a member, element, attribute, parameter or header with this name holds a
 * credential in a response. `code` (an OAuth authorization code) counts where it is one
 * (JSON members, form fields, URL parameters) and not in XML or prose, where `<Code>` and
 * `code: 404` are error codes.
 */
export function isSecretResponseName(name: string, options: { code?: boolean } = {}): boolean {
  let verdict = nameVerdicts.get(name);
  if (verdict === undefined) {
    const snake = snakeName(name);
    verdict = snake === '' ? 'no' : SESSION_ID.test(snake) ? 'yes' : !SECRET_NAME.test(snake) || DESCRIPTIVE_NAME.test(snake) ? 'no' : snake === 'code' ? 'code' : 'yes';
    // A large body repeats a few names many times; the bound keeps odd bodies from growing it.
    if (nameVerdicts.size >= 4096) nameVerdicts.clear();
    nameVerdicts.set(name, verdict);
  }
  return verdict === 'yes' || (verdict === 'code' && options.code !== false);
}

/** `isSecretResponseName`'s answers by name as written: `code` is secret only where the caller says codes are. */
const nameVerdicts = new Map<string, 'yes' | 'no' | 'code'>();

/** Whether everything inside an object or list with this name is a credential (`credentials`, `tokens`), not only its own value. */
export function isStrongSecretName(name: string): boolean {
  const snake = snakeName(name);
  return STRONG_SECRET_NAME.test(snake) && !DESCRIPTIVE_NAME.test(snake);
}

/** Values that name a secret rather than hold one: a `{{reference}}`, or a mask already applied. */
function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || /^(\{\{[^{}]*\}\}\s*)+$/.test(trimmed) || trimmed.startsWith('••••');
}

function decoded(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `name=value&…` text between `from` and `to`: spans of the values of secret-named or credential-shaped parameters. */
function paramSpans(url: string, from: number, to: number, base: number, spans: MaskSpan[]): void {
  let start = from;
  // The next `=` is searched for again only once passed, so `?a&a&a…` stays linear.
  let eq = url.indexOf('=', start);
  while (start < to) {
    let end = url.indexOf('&', start);
    if (end < 0 || end > to) end = to;
    if (eq >= 0 && eq < start) eq = url.indexOf('=', start);
    if (eq >= 0 && eq < end) {
      // In XML or HTML text a URL's `&` is written `&amp;`.
      const name = decoded(url.slice(start, eq).replace(/^amp;/, ''));
      const value = url.slice(eq + 1, end);
      if (!isPlaceholder(value) && (isSecretResponseName(name) || looksLikeSecretValue(decoded(value)))) spans.push({ from: base + eq + 1, to: base + end, replacement: URL_MASK });
    }
    start = end + 1;
  }
}

/**
 * Spans of the secrets in one URL (absolute or relative), offset by `base`: the password
 * of its userinfo, secret query parameters and secret fragment parameters (the implicit
 * grant's `#access_token=…`, also after a `#/route?`). Credential-shaped parts are found
 * by `textSecretSpans` over the whole text.
 */
function urlParamSpans(url: string, base: number, spans: MaskSpan[]): void {
  const userinfo = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:]*:([^/?#@]+)@/.exec(url);
  if (userinfo && !isPlaceholder(userinfo[1]!)) spans.push({ from: base + userinfo[0].length - 1 - userinfo[1]!.length, to: base + userinfo[0].length - 1, replacement: URL_MASK });
  const hash = url.indexOf('#');
  const query = url.indexOf('?');
  if (query >= 0 && (hash < 0 || query < hash)) paramSpans(url, query + 1, hash < 0 ? url.length : hash, base, spans);
  if (hash >= 0) {
    const inner = url.indexOf('?', hash);
    paramSpans(url, inner < 0 ? hash + 1 : inner + 1, url.length, base, spans);
  }
}

/** Absolute URLs in text (a scheme, `://`, then up to a blank, a quote or an angle bracket). */
const ABSOLUTE_URL = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/[^\s"'<>\\`]+/g;

/** The start of a `name: value` or `name=value` pair, the name optionally quoted (`"access_token": "…"`). */
const PAIR_HEAD = /(?<![A-Za-z0-9_.-])(["']?)([A-Za-z_][A-Za-z0-9_.-]{0,63})\1[ \t]*[:=][ \t]*/g;

/** A bare value, with an Authorization scheme word kept outside the masked part. */
const BARE_VALUE = /((?:bearer|basic|token|jwt)[ \t]+)?([^\s"'<>&,;]+)/iy;

/** Names that hold credentials in prose as well (`Authorization: Bearer …` quoted in a text body). */
const PROSE_SECRET_NAME = /^(authorization|proxy_authorization)$/;

/**
 * The next index of `char` at or after `from`, remembering the last answer: pair heads on
 * one long line each ask for the same closing quote, and must not each search the line.
 */
function nextIndexOf(text: string, char: string, memo: Map<string, { from: number; at: number }>) {
  return (from: number): number => {
    const known = memo.get(char);
    if (known && from >= known.from && (known.at < 0 || from <= known.at)) return known.at;
    const at = text.indexOf(char, from);
    memo.set(char, { from, at });
    return at;
  };
}

/** Spans of the values of secret-named pairs outside `urlRanges` (sorted ranges that URL rules cover). */
function pairSpans(text: string, urlRanges: readonly { from: number; to: number }[], spans: MaskSpan[]): void {
  let finders: { '"': (from: number) => number; "'": (from: number) => number; newline: (from: number) => number } | undefined;
  let range = 0;
  PAIR_HEAD.lastIndex = 0;
  for (let head = PAIR_HEAD.exec(text); head; head = PAIR_HEAD.exec(text)) {
    while (range < urlRanges.length && urlRanges[range]!.to <= head.index) range++;
    if (range < urlRanges.length && urlRanges[range]!.from <= head.index) continue;
    const name = head[2]!;
    if (!isSecretResponseName(name, { code: false }) && !PROSE_SECRET_NAME.test(snakeName(name))) continue;
    const start = head.index + head[0].length;
    const quote = text[start];
    if (quote === '"' || quote === "'") {
      if (!finders) {
        const memo = new Map<string, { from: number; at: number }>();
        finders = { '"': nextIndexOf(text, '"', memo), "'": nextIndexOf(text, "'", memo), newline: nextIndexOf(text, '\n', memo) };
      }
      const close = finders[quote](start + 1);
      const newline = finders.newline(start + 1);
      if (close < 0 || (newline >= 0 && newline < close)) continue;
      if (!isPlaceholder(text.slice(start + 1, close))) spans.push({ from: start + 1, to: close, replacement: maskFor(name) });
      PAIR_HEAD.lastIndex = close + 1;
      continue;
    }
    BARE_VALUE.lastIndex = start;
    const bare = BARE_VALUE.exec(text);
    if (!bare) continue;
    const from = start + (bare[1]?.length ?? 0);
    const value = bare[2]!;
    if (!isPlaceholder(value) && !/^(null|true|false|none|undefined)$/i.test(value)) spans.push({ from, to: from + value.length, replacement: maskFor(name) });
    PAIR_HEAD.lastIndex = from + value.length;
  }
}

/** A credential's prefix or a scheme word: text without any holds no credential-shaped word (most strings of a large body). */
const SHAPE_HINT = /eyJ|gh[pousr]_|github_pat_|xox[abposr]-|k_(live|test)_|sk-|glpat-|AKIA|ASIA|AIza|bearer|basic|token|jwt/i;

/**
 * The spans to mask in free text, sorted and not overlapping. `urlRanges` are parts known
 * to be URLs although they have no scheme (a relative `Location`); absolute URLs are found.
 * Each reading runs only when the text has what it needs (`://`, `:` or `=`, a prefix).
 */
export function textSecretSpans(text: string, urlRanges: readonly [number, number][] = []): MaskSpan[] {
  if (text.length < 6) return [];
  const pairs = text.includes('=') || text.includes(':');
  const shapes = SHAPE_HINT.test(text);
  if (!pairs && !shapes && urlRanges.length === 0) return [];
  const spans: MaskSpan[] = [];
  let urls = urlRanges.map(([from, to]) => ({ from, to }));
  if (text.includes('://')) {
    for (const match of text.matchAll(ABSOLUTE_URL)) urls.push({ from: match.index, to: match.index + match[0].length });
    if (urls.length > 1) urls = mergeSpans(urls);
  }
  for (const url of urls) urlParamSpans(text.slice(url.from, url.to), url.from, spans);
  if (pairs) pairSpans(text, urls, spans);
  if (shapes) {
    let range = 0;
    for (const span of findSecretSpans(text)) {
      while (range < urls.length && urls[range]!.to <= span.from) range++;
      const inUrl = range < urls.length && urls[range]!.from <= span.from;
      spans.push({ from: span.from, to: span.to, replacement: inUrl ? URL_MASK : maskFor(span.kind) });
    }
  }
  return spans.length < 2 ? spans : mergeSpans(spans);
}

/** Free text with its secrets masked where they stand (see `textSecretSpans`). */
export function maskTextSecrets(text: string, urlRanges: readonly [number, number][] = []): string {
  return replaceSpans(text, textSecretSpans(text, urlRanges), (_value, span) => span.replacement);
}
