/**
 * Taking secrets out of what leaves the composer: exports (a collection in git, a cURL
 * line in a chat) and history (kept for months). Auth secrets, secret-looking headers,
 * query parameters, form fields and JSON members become `{{variable}}` references — so the
 * export still works once the variable is set — or are blanked. What counts as secret is
 * decided by the auth descriptors (fields of kind `secret`) and by names.
 */
import { authSchemes } from '../auth';
import { checkJsonSyntax, type JsonToken } from '../encoding/jsonSyntax';
import { urlWithQueryRows, type DraftAuth, type RequestDraft } from '../request';
import type { HeaderField } from '../types';
import type { HistoryEntry, HistoryWire, Variable } from './model';
import { isSecretHeaderName, isSecretParamName, looksLikeSecretValue, onlyReferences, SCHEME_PREFIX, SECRET_JSON_MEMBER } from './secretKinds';
import { sessionSecrets, type SecretLedger } from './secretLedger';
import { replaceSecretSpans } from './secretScan';

export { isSecretHeaderName, isSecretParamName, looksLikeSecretValue, secretValueKind } from './secretKinds';

/** `variables`: secrets become `{{name}}` references; `blank`: secrets become empty. */
export type RedactionMode = 'variables' | 'blank';

/** Auth form fields that hold secrets in some scheme (values of every scheme share one record). */
const SECRET_AUTH_FIELDS: ReadonlySet<string> = new Set(authSchemes.flatMap((s) => s.fields.filter((f) => f.kind === 'secret').map((f) => f.name)));

/** Variable names for auth fields whose own names are too plain to stand alone in an environment. */
const AUTH_VARIABLE_NAMES: Readonly<Record<string, string>> = { key: 'apiKey' };


/**
 * Gathers the variables that replace secrets, so that one export (a whole collection, or
 * a draft and its wire request) names each distinct secret once: the same name and value
 * give the same variable, another value under the same name gets `name_2`.
 */
export class SecretRedaction {
  readonly mode: RedactionMode;
  private readonly byName = new Map<string, Variable>();
  private readonly prefix: string;
  private readonly ledger: SecretLedger | undefined;

  /**
   * `prefix` puts every introduced name in a namespace (`secret:tab-1.Authorization`), so
   * references to secrets kept aside never collide with the person's own variables.
   * `ledger` holds the values known secret by provenance (by default the page's or the
   * run's `sessionSecrets`): a value it knows is a secret in any field, under any name.
   */
  constructor(mode: RedactionMode = 'variables', taken: Iterable<string> = [], prefix = '', ledger: SecretLedger | undefined = sessionSecrets) {
    this.mode = mode;
    this.prefix = prefix;
    this.ledger = ledger;
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

  /**
   * A URL with the password of its userinfo (`https://user:pass@host`) replaced, and path
   * segments that are credentials (a Stripe key or a token in the path) replaced in place.
   */
  url(url: string): string {
    const match = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:]*):([^/?#@]*)@/.exec(url);
    let out = url;
    if (match) {
      const replaced = this.replace('urlPassword', match[2]!);
      out = `${match[1]}${replaced === '' ? '' : `:${replaced}`}@${url.slice(match[0].length)}`;
    }
    return this.pathSecrets(out);
  }

  /** The path of a URL with each segment that is a secret (by shape or by the ledger) replaced. */
  private pathSecrets(url: string): string {
    const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(url)?.[0] ?? '';
    const rest = url.slice(authority.length);
    const end = rest.search(/[?#]/);
    const path = end < 0 ? rest : rest.slice(0, end);
    if (path === '') return url;
    const segments = path.split('/').map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // Kept as written.
      }
      return decoded.length >= 8 && this.isSecretByValue(decoded) && !onlyReferences(decoded) ? this.replace('pathSecret', decoded) : segment;
    });
    return authority + segments.join('/') + (end < 0 ? '' : rest.slice(end));
  }

  /** Whether a header is secret by its name, by the shape of its value or by where its value came from. */
  isSecretHeader(name: string, value: string): boolean {
    return isSecretHeaderName(name) || this.isSecretByValue(value);
  }

  /** Whether a query parameter, form field or part is secret by its name, by the shape of its value or by where it came from. */
  isSecretParam(name: string, value: string): boolean {
    return isSecretParamName(name) || this.isSecretByValue(value);
  }

  /** Whether a value is a secret whatever holds it: shaped like a credential, or known to the ledger (itself or encoded). */
  isSecretByValue(value: string): boolean {
    return looksLikeSecretValue(value) || (this.ledger !== undefined && this.ledger.originOf(value) !== undefined);
  }

  /**
   * Free text (a text body, a URL path, a message) with every credential-shaped word and
   * every value the ledger knows replaced where it stands; the rest is kept as written.
   */
  textSecrets(text: string): string {
    // The ledger's one pass finds its values in any form they are encoded in; each becomes the same {{variable}}.
    const out = this.ledger && this.ledger.size > 0 ? this.ledger.mask(text, (_origin, secret) => this.replace('secret', secret)) : text;
    return replaceSecretSpans(out, (word) => this.replace(secretWordName(word), word));
  }

  /** Header fields with secret-looking ones replaced; secrets inside other values (a token in a URL-valued header) replaced in place. */
  headers(headers: readonly HeaderField[]): HeaderField[] {
    return headers.map((h) => {
      if (this.isSecretHeader(h.name, h.value)) return { name: h.name, value: this.headerValue(h.name, h.value) };
      const value = this.textSecrets(h.value);
      return value === h.value ? h : { name: h.name, value };
    });
  }

  /** A JSON text with the string values of secret-looking members replaced, formatting kept; invalid JSON is returned unchanged. */
  jsonText(text: string): string {
    if (!SECRET_JSON_MEMBER.test(text) && !SECRET_VALUE_HINT.test(text) && !(this.ledger && this.ledger.size > 0)) return text;
    const tokens: JsonToken[] = [];
    if (checkJsonSyntax(text, (token) => tokens.push(token))) return text;
    const edits: { from: number; to: number; text: string }[] = [];
    for (let i = 0; i + 2 < tokens.length; i++) {
      const [key, colon, value] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
      if (key.kind !== 'string' || colon.kind !== ':' || value.kind !== 'string') continue;
      const name = JSON.parse(text.slice(key.from, key.to)) as string;
      const current = JSON.parse(text.slice(value.from, value.to)) as string;
      if (!SECRET_JSON_MEMBER.test(name) && !this.isSecretByValue(current)) continue;
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
        texts: { ...body.texts, json: this.jsonText(body.texts.json), xml: this.textSecrets(this.xmlText(body.texts.xml)), text: this.textSecrets(this.xmlText(body.texts.text)) },
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

  /** A history wire record with secret headers, URL password, path and query secrets and the body's secrets replaced. */
  wire(wire: HistoryWire): HistoryWire {
    const out: HistoryWire = { ...wire, url: this.queryInUrl(this.url(wire.url)), headers: this.headers(wire.headers) };
    if (wire.bodyText !== undefined) {
      const contentType = wire.headers.find((h) => /^content-type$/i.test(h.name))?.value ?? '';
      out.bodyText = this.bodyText(wire.bodyText, contentType);
    }
    return out;
  }

  /**
   * A body as sent, read by its Content-Type: form pairs and multipart fields by name and
   * value, JSON members, XML elements, and credential-shaped words or ledger values in any
   * text. Whatever the type, the text is scanned as free text last.
   */
  bodyText(text: string, contentType: string): string {
    const essence = contentType.split(';')[0]!.trim().toLowerCase();
    let out = text;
    if (essence === 'application/x-www-form-urlencoded') out = this.formText(text);
    else if (essence.startsWith('multipart/')) out = this.multipartText(text, contentType);
    else if (essence.includes('json') || /^\s*[[{]/.test(text)) out = this.jsonText(text);
    out = this.xmlText(out);
    return this.textSecrets(out);
  }

  /** A multipart body's text with the values of secret-named fields (and secret-shaped values) replaced. */
  private multipartText(text: string, contentType: string): string {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return text;
    const delimiter = `--${boundary}`;
    return text
      .split(delimiter)
      .map((part) => {
        const headEnd = part.indexOf('\r\n\r\n');
        if (headEnd < 0) return part;
        const head = part.slice(0, headEnd);
        const name = /name="([^"]*)"/i.exec(head)?.[1];
        if (name === undefined || /filename=/i.test(head)) return part;
        const bodyEnd = part.endsWith('\r\n') ? part.length - 2 : part.length;
        const value = part.slice(headEnd + 4, bodyEnd);
        if (!this.isSecretParam(name, value)) return part;
        return `${head}\r\n\r\n${this.replace(name, value)}${part.slice(bodyEnd)}`;
      })
      .join(delimiter);
  }

  /**
   * XML text with the content of secret elements replaced — a WS-Security
   * `<wsse:Password>` above all, whatever its prefix. Text that is not XML is unchanged.
   */
  xmlText(text: string): string {
    if (!text.includes('<')) return text;
    return text.replace(SECRET_XML_ELEMENT, (whole, qname: string, local: string, attrs: string, content: string) => {
      const replaced = this.replace(local, content);
      return replaced === content ? whole : `<${qname}${attrs ?? ''}>${replaced}</${qname}>`;
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

/** The variable name a credential-shaped word of free text is replaced by. */
function secretWordName(word: string): string {
  if (/^gh[pousr]_|^github_pat_/.test(word)) return 'githubToken';
  if (/^[sr]k_(live|test)_/.test(word)) return 'stripeKey';
  if (/^eyJ/.test(word)) return 'jwt';
  return 'secret';
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

/** An exchange as the ledger reads it: the request as sent and the response's headers and text. */
export interface ExchangeSecretsInput {
  request: { method: string; url: string; headers: readonly HeaderField[]; bodyText?: string };
  headers: readonly HeaderField[];
  bodyText?: string;
}

/**
 * Teaches `ledger` the secrets of one exchange, so that copies of them stay secrets: what
 * the request carried (its Authorization, key headers, cookies, secret query and form
 * values, a password in its URL) and the credentials its response held (`access_token`,
 * `refresh_token`, `id_token`, `client_secret`, `password`, `api_key` members, Set-Cookie
 * values, credential-shaped values). Called on every finished exchange and every
 * `pm.sendRequest` answer, before captures and scripts read it.
 */
export function rememberExchangeSecrets(input: ExchangeSecretsInput, ledger: SecretLedger = sessionSecrets): void {
  const carried = new SecretRedaction('variables', [], '', undefined);
  carried.wire({ method: input.request.method, url: input.request.url, headers: [...input.request.headers], ...(input.request.bodyText !== undefined ? { bodyText: input.request.bodyText } : {}) });
  for (const v of carried.variables) ledger.remember(/^(basic|bearer|digest|token|jwt)\s+/i.test(v.value) ? v.value.replace(/^\S+\s+/, '') : v.value, 'a credential the request carried');
  for (const h of input.headers) {
    if (/^set-cookie$/i.test(h.name)) ledger.remember(/^[^=;]*=([^;]*)/.exec(h.value)?.[1], 'a cookie the response set');
  }
  if (input.bodyText !== undefined) {
    const contentType = input.headers.find((h) => /^content-type$/i.test(h.name))?.value ?? '';
    ledger.rememberBody(input.bodyText, contentType);
  }
}
