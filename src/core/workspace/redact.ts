/**
 * Taking secrets out of what leaves the composer: exports (a collection in git, a cURL
 * line in a chat) and history (kept for months). Auth secrets, secret-looking headers,
 * query parameters, form fields and JSON members become `{{variable}}` references — so the
 * export still works once the variable is set — or are blanked. What counts as secret is
 * decided by the auth descriptors (fields of kind `secret`) and by names.
 */
import { authSchemes } from '../auth';
import { findVariables } from '../encoding';
import { checkJsonSyntax, type JsonToken } from '../encoding/jsonSyntax';
import { urlWithQueryRows, type DraftAuth, type RequestDraft } from '../request';
import type { HeaderField } from '../types';
import type { HistoryEntry, HistoryWire, Variable } from './model';

/** `variables`: secrets become `{{name}}` references; `blank`: secrets become empty. */
export type RedactionMode = 'variables' | 'blank';

/** Auth form fields that hold secrets in some scheme (values of every scheme share one record). */
const SECRET_AUTH_FIELDS: ReadonlySet<string> = new Set(authSchemes.flatMap((s) => s.fields.filter((f) => f.kind === 'secret').map((f) => f.name)));

/** Variable names for auth fields whose own names are too plain to stand alone in an environment. */
const AUTH_VARIABLE_NAMES: Readonly<Record<string, string>> = { key: 'apiKey' };

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|passw(or)?d|api-?_?key|apikey|(^|[-_])key$|signature|session|credential/i;
const SECRET_PARAM = /token|secret|passw(or)?d|api-?_?key|apikey|^key$|signature|credential|client_assertion/i;
const SECRET_JSON_MEMBER = /token|secret|passw(or)?d|api-?_?key|apikey|signature|credential|client_assertion/i;
/** Authorization-style values keep their scheme word so the reader still sees what is sent. */
const SCHEME_PREFIX = /^(basic|bearer|digest|jwt|token|hawk|aws4-hmac-sha256|negotiate|ntlm)\s+/i;

/**
 * Values that are secrets whatever field holds them, by kind: a JWT (three base64url parts,
 * the first a JSON header `eyJ…`), an Authorization-style credential (`Bearer …`, `Basic …`),
 * and tokens whose issuers give them a recognisable prefix (GitHub `ghp_`/`github_pat_`,
 * Slack `xox?-`, OpenAI/Stripe `sk-`/`sk_live_`, GitLab `glpat-`, AWS `AKIA…`, Google `AIza…`).
 */
const SECRET_VALUE_SHAPES: readonly { kind: string; shape: RegExp }[] = [
  { kind: 'a JSON Web Token', shape: /^eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*$/ },
  { kind: 'an Authorization credential', shape: /^(bearer|basic|token|jwt)\s+\S{8,}$/i },
  { kind: 'a GitHub token', shape: /^(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}$/ },
  { kind: 'a GitHub token', shape: /^github_pat_[A-Za-z0-9_]{20,}$/ },
  { kind: 'a Slack token', shape: /^xox[abposr]-[A-Za-z0-9-]{10,}$/ },
  { kind: 'a Stripe key', shape: /^(sk|rk|pk)_(live|test)_[A-Za-z0-9]{10,}$/ },
  { kind: 'an OpenAI-style secret key', shape: /^sk-[A-Za-z0-9_-]{20,}$/ },
  { kind: 'a GitLab token', shape: /^glpat-[A-Za-z0-9_-]{16,}$/ },
  { kind: 'an AWS access key', shape: /^(AKIA|ASIA)[0-9A-Z]{16}$/ },
  { kind: 'a Google API key', shape: /^AIza[0-9A-Za-z_-]{30,}$/ },
];

/** The kind of credential a value has the shape of (`a GitHub token`, `a JSON Web Token`, …), or undefined. */
export function secretValueKind(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length < 16 || trimmed.length > 16_384 || onlyReferences(trimmed.replace(SCHEME_PREFIX, ''))) return undefined;
  return SECRET_VALUE_SHAPES.find(({ shape }) => shape.test(trimmed))?.kind;
}

/** Whether a value has the shape of a credential, whatever field it is in (see `SECRET_VALUE_SHAPES`). */
export function looksLikeSecretValue(value: string): boolean {
  return secretValueKind(value) !== undefined;
}

/** Whether a header with this name carries credentials (Authorization, Cookie, API keys, tokens…). */
export function isSecretHeaderName(name: string): boolean {
  return SECRET_HEADER.test(name.trim());
}

/** Whether a query parameter, form field or JSON member with this name looks like it holds a secret. */
export function isSecretParamName(name: string): boolean {
  return SECRET_PARAM.test(name.trim());
}

/** True when a value holds nothing but `{{variable}}` references (and blanks): it names its secret rather than holding it. */
function onlyReferences(value: string): boolean {
  let rest = value;
  for (const ref of findVariables(value).reverse()) rest = rest.slice(0, ref.from) + rest.slice(ref.to);
  return rest.trim() === '';
}

/**
 * Gathers the variables that replace secrets, so that one export (a whole collection, or
 * a draft and its wire request) names each distinct secret once: the same name and value
 * give the same variable, another value under the same name gets `name_2`.
 */
export class SecretRedaction {
  readonly mode: RedactionMode;
  private readonly byName = new Map<string, Variable>();
  private readonly prefix: string;

  /**
   * `prefix` puts every introduced name in a namespace (`secret:tab-1.Authorization`), so
   * references to secrets kept aside never collide with the person's own variables.
   */
  constructor(mode: RedactionMode = 'variables', taken: Iterable<string> = [], prefix = '') {
    this.mode = mode;
    this.prefix = prefix;
    for (const name of taken) this.byName.set(name, { name, value: '', secret: false });
  }

  /** The variables introduced so far, values included (they are the secrets), marked secret. */
  get variables(): Variable[] {
    return [...this.byName.values()].filter((v) => v.secret === true);
  }

  /** The text that replaces secret `value` found under `suggestedName`; references and blanks are kept. */
  replace(suggestedName: string, value: string): string {
    if (value.trim() === '' || onlyReferences(value)) return value;
    if (this.mode === 'blank') return '';
    const base = this.prefix + (suggestedName.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'secret');
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base}_${n}`;
      const existing = this.byName.get(name);
      if (existing && existing.secret && existing.value === value) return `{{${name}}}`;
      if (!existing) {
        this.byName.set(name, { name, value, secret: true });
        return `{{${name}}}`;
      }
    }
  }

  /** A header value with its credentials replaced; an Authorization-style scheme word is kept. */
  headerValue(name: string, value: string): string {
    const scheme = SCHEME_PREFIX.exec(value);
    if (scheme && (/authorization/i.test(name) || looksLikeSecretValue(value))) {
      const rest = value.slice(scheme[0].length);
      const replaced = this.replace(name, rest);
      return replaced === '' ? '' : scheme[0] + replaced;
    }
    return this.replace(name, value);
  }

  /** A URL with the password of its userinfo (`https://user:pass@host`) replaced. */
  url(url: string): string {
    const match = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:]*):([^/?#@]*)@/.exec(url);
    if (!match) return url;
    const replaced = this.replace('urlPassword', match[2]!);
    return `${match[1]}${replaced === '' ? '' : `:${replaced}`}@${url.slice(match[0].length)}`;
  }

  /** Whether a header is secret by its name or by the shape of its value. */
  isSecretHeader(name: string, value: string): boolean {
    return isSecretHeaderName(name) || looksLikeSecretValue(value);
  }

  /** Whether a query parameter, form field or part is secret by its name or by the shape of its value. */
  isSecretParam(name: string, value: string): boolean {
    return isSecretParamName(name) || looksLikeSecretValue(value);
  }

  /** Header fields with secret-looking ones replaced. */
  headers(headers: readonly HeaderField[]): HeaderField[] {
    return headers.map((h) => (this.isSecretHeader(h.name, h.value) ? { name: h.name, value: this.headerValue(h.name, h.value) } : h));
  }

  /** A JSON text with the string values of secret-looking members replaced, formatting kept; invalid JSON is returned unchanged. */
  jsonText(text: string): string {
    if (!SECRET_JSON_MEMBER.test(text) && !SECRET_VALUE_HINT.test(text)) return text;
    const tokens: JsonToken[] = [];
    if (checkJsonSyntax(text, (token) => tokens.push(token))) return text;
    const edits: { from: number; to: number; text: string }[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const [key, colon, value] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
      if (key.kind !== 'string' || colon.kind !== ':' || value.kind !== 'string') continue;
      const name = JSON.parse(text.slice(key.from, key.to)) as string;
      const current = JSON.parse(text.slice(value.from, value.to)) as string;
      if (!SECRET_JSON_MEMBER.test(name) && !looksLikeSecretValue(current)) continue;
      const replaced = this.replace(name, current);
      if (replaced !== current) edits.push({ from: value.from, to: value.to, text: JSON.stringify(replaced) });
    }
    let out = text;
    for (const edit of edits.reverse()) out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
    return out;
  }

  /** An auth with the values of its secret fields replaced (fields of every scheme, since they share one record). */
  auth(auth: DraftAuth): DraftAuth {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(auth.values)) {
      values[name] = SECRET_AUTH_FIELDS.has(name) ? this.replace(AUTH_VARIABLE_NAMES[name] ?? name, value) : value;
    }
    return { ...auth, values };
  }

  /** A draft with every secret replaced (see `redactSecrets`). */
  draft(draft: RequestDraft): RequestDraft {
    let queryChanged = false;
    const query = draft.query.map((row) => {
      if (!this.isSecretParam(row.name, row.value) || row.list) return row;
      const value = this.replace(row.name, row.value);
      if (value === row.value) return row;
      queryChanged = true;
      const { raw: _raw, ...rest } = row;
      return { ...rest, value };
    });
    const url = queryChanged ? urlWithQueryRows(this.url(draft.url), query) : this.url(draft.url);
    const body = draft.body;
    return {
      ...draft,
      url,
      query,
      headers: draft.headers.map((h) => (this.isSecretHeader(h.name, h.value) ? { ...h, value: this.headerValue(h.name, h.value) } : h)),
      auth: this.auth(draft.auth),
      body: {
        ...body,
        texts: { ...body.texts, json: this.jsonText(body.texts.json), xml: this.xmlText(body.texts.xml), text: this.xmlText(body.texts.text) },
        form: body.form.map((row) => (this.isSecretParam(row.name, row.value) ? { ...row, value: this.replace(row.name, row.value) } : row)),
        multipart: body.multipart.map((part) =>
          part.kind !== 'file' && this.isSecretParam(part.name, part.value)
            ? { ...part, value: this.replace(part.name, part.value) }
            : part.kind === 'json'
              ? { ...part, value: this.jsonText(part.value) }
              : part,
        ),
      },
    };
  }

  /** A history wire record with secret headers, URL password and query secrets replaced. */
  wire(wire: HistoryWire): HistoryWire {
    const out: HistoryWire = { ...wire, url: this.queryInUrl(this.url(wire.url)), headers: this.headers(wire.headers) };
    if (wire.bodyText !== undefined) out.bodyText = this.xmlText(this.jsonText(wire.bodyText));
    return out;
  }

  /**
   * XML text with the content of secret elements replaced — a WS-Security
   * `<wsse:Password>` above all, whatever its prefix. Text that is not XML is unchanged.
   */
  xmlText(text: string): string {
    if (!text.includes('<')) return text;
    return text.replace(SECRET_XML_ELEMENT, (whole, qname: string, local: string, attrs: string, content: string) => {
      const replaced = this.replace(local, content);
      return replaced === content ? whole : `<${qname}${attrs}>${replaced}</${qname}>`;
    });
  }

  /** An absolute URL with secret-looking query parameter values replaced (kept as written otherwise). */
  queryInUrl(url: string): string {
    const q = url.indexOf('?');
    if (q < 0) return url;
    const hash = url.indexOf('#', q);
    const end = hash < 0 ? url.length : hash;
    return `${url.slice(0, q + 1)}${this.formText(url.slice(q + 1, end))}${url.slice(end)}`;
  }

  /** `name=value&…` text (a form body or query) with secret-looking values replaced; other pairs keep their exact text. */
  formText(text: string): string {
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    return text
      .split('&')
      .map((piece) => {
        const eq = piece.indexOf('=');
        if (eq < 0) return piece;
        const value = decode(piece.slice(eq + 1));
        if (!this.isSecretParam(decode(piece.slice(0, eq)), value)) return piece;
        const replaced = this.replace(decode(piece.slice(0, eq)), value);
        return replaced === value ? piece : `${piece.slice(0, eq)}=${replaced}`;
      })
      .join('&');
  }
}

/** A cheap pre-check before tokenising JSON for value shapes. */
const SECRET_VALUE_HINT = /eyJ|bearer|basic |ghp_|github_pat_|xox|sk[-_]|glpat-|AKIA|ASIA|AIza/i;

/** Elements whose text is a secret: `<Password>`, `<wsse:Password Type="…">`, client secrets, tokens, keys. */
const SECRET_XML_ELEMENT =
  /<((?:[A-Za-z_][\w.-]*:)?(Password|Passwd|ClientSecret|client_secret|AccessToken|access_token|RefreshToken|refresh_token|ApiKey|api_key|Secret))(\s[^>]*)?>([^<]*)<\/\1\s*>/g;

/** Options of `redactSecrets`. */
export interface RedactOptions {
  /** `variables` (default) or `blank`. */
  mode?: RedactionMode;
  /** Variable names already in use (e.g. the collection's), which new ones must not take. */
  taken?: Iterable<string>;
}

/**
 * A copy of `draft` without its secrets: auth fields of kind `secret` (password, token,
 * key, credentials — in every scheme's values, since they share one record),
 * secret-looking headers (Authorization and Cookie keep their scheme word:
 * `Bearer {{Authorization}}`), the password of a URL's userinfo, secret-looking query
 * parameters, form fields and multipart text parts, and the string values of
 * secret-looking JSON members. Values that are already only `{{references}}` are kept. In
 * `variables` mode each secret becomes a `{{name}}` reference and is listed in
 * `variables` with its value (so the caller can put it in an environment, or drop it); in
 * `blank` mode secrets become empty and no variables are listed.
 */
export function redactSecrets(draft: RequestDraft, options: RedactOptions = {}): { draft: RequestDraft; variables: Variable[] } {
  const redaction = new SecretRedaction(options.mode ?? 'variables', options.taken);
  const redacted = redaction.draft(draft);
  return { draft: redacted, variables: redaction.variables };
}

/**
 * A history entry fit to store: its draft and its wire record redacted together (one
 * secret, one `{{name}}`), in `variables` mode by default so the entry shows which secret
 * was sent without holding it. The secrets themselves are not returned.
 */
export function redactHistoryEntry(entry: HistoryEntry, options: RedactOptions = {}): HistoryEntry {
  const redaction = new SecretRedaction(options.mode ?? 'variables', options.taken);
  return { ...entry, draft: redaction.draft(entry.draft), wire: redaction.wire(entry.wire) };
}
