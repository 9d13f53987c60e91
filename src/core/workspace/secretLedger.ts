/**
 * Secrets by provenance: the values known to be secret because of where they came from
 * (a vault token, a secret variable, an `{{$env.NAME}}`, a credential the request carried,
 * a response member named or shaped like a credential), so that a copy a script or a
 * capture makes of one (`pm.collectionVariables.set('token', json.access_token)`) stays a
 * secret wherever it goes. Recognition by kind (`secretValueKind`, secret names) answers
 * for values nobody declared; this ledger answers for values whose shape says nothing
 * (an opaque access token). Both are asked by `isSecretValue` / `isSecretVariable`, the
 * one decision every store and every output takes.
 */
import { encodeBase64, encodeBase64Url, utf8Encode } from '../encoding/base64';
import { checkJsonSyntax, type JsonToken } from '../encoding/jsonSyntax';
import { COMPONENT_SET, FORM_SET, PATH_SEGMENT_SET, PATH_SET, percentEncode, QUERY_SET, SPECIAL_QUERY_SET, USERINFO_SET, withCharacters, type PercentEncodeSet } from '../encoding/percentEncoding';
import { isSecretResponseName, maskFor } from './redactResponseText';
import { looksLikeSecretValue, onlyReferences, SCHEME_PREFIX } from './secretKinds';
import { replaceSecretSpans } from './secretScan';

/** Values shorter than this are not remembered: too likely to match ordinary text (the CLI and history use the same bound). */
export const MIN_SECRET_LENGTH = 8;

/** At most this many values are remembered; the oldest are forgotten first (a long run sees many tokens). */
const LEDGER_CAPACITY = 2_000;

/**
 * Whether a field, member or variable with this name holds a credential: `access_token`,
 * `refresh_token`, `id_token`, `client_secret`, `password`, `api_key`, `session`, an
 * authorization `code`… but not `token_type` or `token_endpoint`, which describe one.
 * History's response rule (`isSecretResponseName`), so provenance and masking agree.
 */
export function isCredentialName(name: string): boolean {
  return isSecretResponseName(name);
}

/**
 * Whether a variable or field with this name holds a secret by its name alone: the
 * response rule without `code` (a variable named `code` is rarely an authorization code),
 * and `key` (the Google-style `key=` parameter) as `isSecretParamName` reads it.
 */
export function isSecretName(name: string): boolean {
  return isSecretResponseName(name, { code: false }) || /^key$/i.test(name.trim());
}

/** The encode sets a value is percent-encoded with on its way into a URL or a form (`true`: space as `+`). */
const PERCENT_SETS: readonly [PercentEncodeSet, boolean][] = [
  [FORM_SET, true],
  [COMPONENT_SET, false],
  [USERINFO_SET, false],
  [PATH_SET, false],
  [PATH_SEGMENT_SET, false],
  [SPECIAL_QUERY_SET, false],
  [QUERY_SET, false],
  [withCharacters(SPECIAL_QUERY_SET, '%&+'), false],
];

/** Lower-case hex of bytes. */
function hexOf(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** What HTML, XML and JUnit reports write for the value: `&`, `<`, `>` escaped, and quotes as `&quot;` with `&#39;` or `&apos;` (the XML builder's), or left as they are (text). */
function markupEscaped(value: string): string[] {
  const text = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const quoted = text.replace(/"/g, '&quot;');
  return [text, quoted, quoted.replace(/'/g, '&#39;'), quoted.replace(/'/g, '&apos;')];
}

/**
 * The Base64 texts of `bytes`: the whole value (padded, unpadded, base64url) and, at each
 * of the three alignments, the encoding of whole groups of three bytes from offset 0, 1
 * and 2 on. Any Base64 text that holds the value — alone, or inside `user:secret` of a
 * Basic header, a cookie, a blob — contains one of the aligned ones, wherever the value
 * stood in the encoded bytes.
 */
function base64Forms(bytes: Uint8Array): string[] {
  const whole = encodeBase64(bytes);
  const forms = [whole, whole.replace(/=+$/, ''), encodeBase64Url(bytes)];
  for (let shift = 0; shift < 3; shift++) {
    const groups = Math.floor((bytes.length - shift) / 3) * 3;
    if (groups <= 0) continue;
    const aligned = bytes.subarray(shift, shift + groups);
    forms.push(encodeBase64(aligned), encodeBase64Url(aligned));
  }
  return forms;
}

/**
 * The forms a secret travels in besides itself, each masked wherever it stands:
 * - encoded: Base64 and base64url (whole, and at the three byte alignments, see
 *   `base64Forms`), percent-encoding as a URL's parts, a form and `encodeURIComponent`
 *   write it (either hex case), hex of its UTF-8 bytes (either case), and the escaped text
 *   JSON and HTML/XML reports write;
 * - derived as scripts commonly derive them: reversed, upper-cased and lower-cased, each
 *   also in Base64 at every alignment and percent-encoded.
 * Not covered, by design or by necessity: hashes and HMACs of a secret (one-way: a
 * signature is not the secret), encryption, and arbitrary rearrangements (a slice, every
 * other character, a Base64 of a reversed value…). Forms shorter than `MIN_SECRET_LENGTH`
 * are left out: they would match ordinary text.
 */
export function encodedForms(value: string): string[] {
  const bytes = utf8Encode(value);
  const forms = new Set<string>(base64Forms(bytes));
  const hex = hexOf(bytes);
  forms.add(hex);
  forms.add(hex.toUpperCase());
  forms.add(JSON.stringify(value).slice(1, -1));
  for (const form of markupEscaped(value)) forms.add(form);
  // Derived values: the same value reversed (by UTF-16 unit, as split('').reverse() does) or in another case.
  const derived = [[...value].reverse().join(''), value.split('').reverse().join(''), value.toUpperCase(), value.toLowerCase()].filter((d) => d !== value);
  for (const text of [value, ...derived]) {
    if (text !== value) {
      forms.add(text);
      for (const form of base64Forms(utf8Encode(text))) forms.add(form);
    }
    // Percent-encoded as each part of a URL, a form and encodeURIComponent write it (they differ in what they keep: `/`, `+`, `=`…);
    // every set keeps letters, digits and `-._~` as they are.
    if (/^[A-Za-z0-9._~-]*$/.test(text)) continue;
    for (const [set, plus] of PERCENT_SETS) {
      const percent = percentEncode(text, set, plus);
      forms.add(percent);
      forms.add(percent.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
    }
    forms.add(encodeURIComponent(text));
  }
  forms.delete(value);
  // A Base64 form of a short value can be short; keep only those that are distinctive.
  return [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH);
}

/** Credential-named string members of a JSON text, at any depth (linear in the text). */
function credentialMembersOfJson(text: string): string[] {
  const tokens: JsonToken[] = [];
  if (checkJsonSyntax(text, (token) => tokens.push(token))) return [];
  const found: string[] = [];
  for (let i = 2; i < tokens.length; i++) {
    const value = tokens[i]!;
    if (value.kind !== 'string' || tokens[i - 1]!.kind !== ':' || tokens[i - 2]!.kind !== 'string' || tokens[i + 1]?.kind === ':') continue;
    const name = JSON.parse(text.slice(tokens[i - 2]!.from, tokens[i - 2]!.to)) as string;
    const current = JSON.parse(text.slice(value.from, value.to)) as string;
    if (isCredentialName(name) || looksLikeSecretValue(current)) found.push(current);
  }
  return found;
}

/** Credential-named pairs of `name=value&…` text. */
function credentialPairsOfForm(text: string): string[] {
  const found: string[] = [];
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    try {
      const name = decodeURIComponent(pair.slice(0, eq).replace(/\+/g, ' '));
      const value = decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
      if (isCredentialName(name) || looksLikeSecretValue(value)) found.push(value);
    } catch {
      // A malformed escape: the pair is not readable as form data.
    }
  }
  return found;
}

/** Text of credential-named XML elements (`<access_token>…</access_token>`, `<wsse:Password Type="…">…`) and attributes. */
function credentialElementsOfXml(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/<((?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*))(?:\s[^<>]*)?>([^<]{1,16384})<\/\1\s*>/g)) {
    if (isCredentialName(m[2]!)) found.push(m[3]!.trim());
  }
  for (const m of text.matchAll(/\s(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"<]{1,16384})"|'([^'<]{1,16384})')/g)) {
    if (isCredentialName(m[1]!)) found.push((m[2] ?? m[3])!);
  }
  return found;
}

/** Lines such as `access_token: …`, `password = …` in plain text. */
function credentialLinesOfText(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s,;{])["']?([A-Za-z_][\w.-]{1,63})["']?\s*[:=]\s*["']?([^\s"',;&]{8,16384})/g)) {
    if (isCredentialName(m[1]!)) found.push(m[2]!);
  }
  return found;
}

/**
 * The credential values a body holds, read by its media type: JSON members, form pairs,
 * XML elements and attributes named like credentials (`access_token`, `client_secret`,
 * `password`…), values shaped like one, and `name: value` lines of plain text.
 */
export function credentialValuesOf(text: string, contentType = ''): string[] {
  if (text.length > 16 * 1024 * 1024) return [];
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  const trimmed = text.trimStart();
  if (essence.includes('json') || (essence === '' && /^[[{]/.test(trimmed))) {
    const members = credentialMembersOfJson(text);
    if (members.length > 0 || essence.includes('json')) return members;
  }
  if (essence === 'application/x-www-form-urlencoded') return credentialPairsOfForm(text);
  if (essence.includes('xml') || trimmed.startsWith('<')) return credentialElementsOfXml(text);
  return [...credentialPairsOfForm(text.includes('\n') ? '' : text), ...credentialLinesOfText(text)];
}

/** A match of a remembered value (or a form of one) in a text. */
interface LedgerMatch {
  at: number;
  length: number;
  secret: string;
}

/**
 * The values known to be secret by where they came from, with where that was. One ledger
 * per page (the app) or per run (the CLI); nothing in it is ever stored.
 *
 * Matching: every value and each of its forms (`encodedForms`) is indexed by its first
 * `MIN_SECRET_LENGTH` characters, so finding them in a text is one pass over the text
 * with a map lookup per position, however many values are remembered.
 */
export class SecretLedger {
  private readonly origins = new Map<string, string>();
  /** Every value and form, to the value it stands for (a value stands for itself). */
  private readonly forms = new Map<string, string>();
  /** The forms by their first `MIN_SECRET_LENGTH` characters (values of one kind share them: every JWT starts `eyJhbGci`). */
  private readonly byPrefix = new Map<string, string[]>();

  /** How many values are remembered. */
  get size(): number {
    return this.origins.size;
  }

  private index(form: string, secret: string): void {
    if (this.forms.has(form)) {
      // A value stands for itself even when it was another value's form (a lower-cased token that is a token too).
      if (form === secret) this.forms.set(form, secret);
      return;
    }
    this.forms.set(form, secret);
    const key = form.slice(0, MIN_SECRET_LENGTH);
    const bucket = this.byPrefix.get(key);
    if (bucket) bucket.push(form);
    else this.byPrefix.set(key, [form]);
  }

  private unindex(form: string, secret: string): void {
    if (this.forms.get(form) !== secret) return;
    this.forms.delete(form);
    const key = form.slice(0, MIN_SECRET_LENGTH);
    const bucket = this.byPrefix.get(key)?.filter((f) => f !== form);
    if (bucket && bucket.length > 0) this.byPrefix.set(key, bucket);
    else this.byPrefix.delete(key);
  }

  /** Remembers `value` as a secret that came from `origin` (`a vault token`, `{{$env.API_KEY}}`…). Short values and references are ignored. */
  remember(value: string | undefined, origin: string): void {
    if (value === undefined) return;
    // `Bearer <token>`: the credential is the token; the scheme word stays readable wherever it is masked.
    const scheme = SCHEME_PREFIX.exec(value.trim());
    const trimmed = scheme ? value.trim().slice(scheme[0].length).trim() : value.trim();
    if (scheme) value = trimmed;
    if (trimmed.length < MIN_SECRET_LENGTH || onlyReferences(trimmed)) return;
    for (const v of new Set([value, trimmed])) {
      if (this.origins.has(v)) continue;
      this.origins.set(v, origin);
      this.index(v, v);
      for (const form of encodedForms(v)) this.index(form, v);
    }
    while (this.origins.size > LEDGER_CAPACITY) {
      const oldest = this.origins.keys().next().value as string;
      this.origins.delete(oldest);
      this.unindex(oldest, oldest);
      for (const form of encodedForms(oldest)) this.unindex(form, oldest);
    }
  }

  /** Remembers the credential values of a body (see `credentialValuesOf`), e.g. a token endpoint's answer. */
  rememberBody(text: string, contentType: string, origin = 'a credential in a response'): void {
    for (const value of credentialValuesOf(text, contentType)) this.remember(value, origin);
  }

  /** Every remembered value, longest first (so masking replaces the longer of two overlapping secrets). */
  values(): string[] {
    return [...this.origins.keys()].sort((a, b) => b.length - a.length);
  }

  /** The longest value or form that starts at `at` in `text`. */
  private matchAt(text: string, at: number): LedgerMatch | undefined {
    const bucket = this.byPrefix.get(text.slice(at, at + MIN_SECRET_LENGTH));
    if (!bucket) return undefined;
    let longest: string | undefined;
    for (const form of bucket) if ((longest === undefined || form.length > longest.length) && text.startsWith(form, at)) longest = form;
    return longest === undefined ? undefined : { at, length: longest.length, secret: this.forms.get(longest)! };
  }

  /** The matches in `text`, left to right, never overlapping (the longest wins where two start alike). */
  private *matches(text: string): Generator<LedgerMatch> {
    if (this.forms.size === 0) return;
    for (let at = 0; at + MIN_SECRET_LENGTH <= text.length; ) {
      const found = this.matchAt(text, at);
      if (!found) {
        at++;
        continue;
      }
      yield found;
      at += found.length;
    }
  }

  /**
   * Where a secret in `value` came from, when `value` is a remembered secret, holds one
   * (`Bearer <token>`, a URL with it in the query) or holds one in a form `encodedForms`
   * lists (Base64, percent-encoded, hex, reversed…).
   */
  originOf(value: string): string | undefined {
    if (value.length < MIN_SECRET_LENGTH) return undefined;
    const exact = this.origins.get(value) ?? this.origins.get(value.trim());
    if (exact !== undefined) return exact;
    for (const found of this.matches(value)) return this.origins.get(found.secret);
    return undefined;
  }

  /** `text` with every remembered secret, and each of its forms, replaced by `mask(origin, secret)` (`secret`: the value as remembered, whatever form matched). */
  mask(text: string, mask: (origin: string, secret: string) => string): string {
    let out = '';
    let from = 0;
    for (const found of this.matches(text)) {
      out += text.slice(from, found.at) + mask(this.origins.get(found.secret) ?? 'a secret', found.secret);
      from = found.at + found.length;
    }
    return from === 0 ? text : out + text.slice(from);
  }
}

/**
 * The one decision whether a value is a secret: by kind (shaped like a credential), by
 * the name it is held under (a credential name, for non-empty values that are not only
 * `{{references}}`) or by provenance (the ledger knows it, or a value it is encoded in).
 */
export function isSecretValue(name: string | undefined, value: string, ledger: SecretLedger = sessionSecrets): boolean {
  if (value.trim() === '' || onlyReferences(value)) return false;
  if (looksLikeSecretValue(value)) return true;
  if (name !== undefined && isSecretName(name)) return true;
  return ledger.originOf(value) !== undefined;
}

/** Whether a variable's value must be treated as a secret: marked so, or a secret by `isSecretValue`. */
export function isSecretVariable(variable: { name: string; value: string; secret?: boolean }, ledger: SecretLedger = sessionSecrets): boolean {
  return variable.secret === true || isSecretValue(variable.name, variable.value, ledger);
}

/**
 * The values this process learned are secret: the page's (vault tokens, secret variables,
 * credentials its requests carried and its responses held) or a CLI run's. Every
 * `SecretRedaction` consults it unless given another ledger; nothing in it is stored.
 */
export const sessionSecrets = new SecretLedger();

/**
 * Free text as it may leave (a report, a console line, an error message): every value the
 * ledger knows, in itself and its encoded forms, and every credential-shaped word masked.
 * The last step of every output that is text; JSON and XML stay well-formed (the wording
 * has no quote, `<` or `&`).
 */
export function maskSecretText(text: string, ledger: SecretLedger = sessionSecrets): string {
  const out = ledger.size > 0 ? ledger.mask(text, () => maskFor('a secret')) : text;
  return replaceSecretSpans(out, (_word, span) => maskFor(span.kind));
}
