/**
 * A collection written as a `.http` file that JetBrains' HTTP Client and VS Code's REST
 * Client run as is, and that `parseHttpFile` reads back: collection variables as
 * `@name = value` lines, one `###`-separated block per request named by its folder path,
 * auth written as the header it sends, the Content-Type stated, file bodies as `< path`.
 */
import { applyAuth } from '../auth';
import { buildQuery, encodeForm, encodePathSegment } from '../encoding';
import { BODY_KIND_CONTENT_TYPES, defaultPartContentType, type RequestDraft } from '../request';
import { isSecretVariable, SecretRedaction, collectionRequests, type Collection, type RequestScript, type SavedRequest } from '../workspace';
import { authToPostman, vaultExportSchemeWord, type VaultSchemeWords } from './postmanAuth';
import { reservedHttpFileMethod } from './httpFileLines';
import { EXPORTED_SCRIPT_DIALECT } from './scriptExport';

/** Options of `formatHttpFile`. */
export interface HttpFileFormatOptions {
  /** Keep secrets and secret variable values instead of `{{variables}}` and blanks. */
  includeSecrets?: boolean;
  /** Per vault entry id, the scheme word its token is sent with; unknown entries are written Bearer. */
  vaultSchemes?: VaultSchemeWords;
}

/**
 * The URL with `{name}` path parameters filled from the table, or as `{{name}}` when empty.
 * Only the path holds parameters: a literal `{x}` in the query or fragment is written as it is.
 */
function expandedUrl(draft: RequestDraft): string {
  const values = new Map(draft.pathParams.map((p) => [p.name, p.value]));
  const end = draft.url.search(/[?#]/);
  const path = end < 0 ? draft.url : draft.url.slice(0, end);
  const rest = end < 0 ? '' : draft.url.slice(end);
  // Values are encoded as the builder encodes them (a space is %20); their `{{variables}}` stay as written.
  return path.replace(/(?<!\{)\{([^{}/?#\s]+)\}(?!\})/g, (whole, name: string) => (values.has(name) ? (values.get(name) ? encodePathSegment(values.get(name)!) : `{{${name}}}`) : whole)) + rest;
}

function withQueryParam(url: string, name: string, value: string): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  // Encoded as the builder adds the pair (a space is %20, `{{variables}}` kept).
  const query = base.indexOf('?');
  // After a bare `?` or a typed trailing `&` the pair follows directly, as the request builder adds it.
  const separator = query < 0 ? '?' : query === base.length - 1 || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${buildQuery([{ name, value }])}${hash < 0 ? '' : url.slice(hash)}`;
}

/**
 * Basic auth in the clients' `Basic user password` shorthand, which `parseHttpFile` reads
 * back as the request's auth, when that gives the same request: the words split back as
 * written, and no Content-Type line follows for the body (an auth is sent after the typed
 * headers, so a Content-Type written below it would come back ahead of it). Otherwise the
 * header it sends, `Basic base64(user:password)`, unless a `{{variable}}` must stay readable.
 */
function basicAuthLine(draft: RequestDraft, username: string, password: string): string {
  const splitsBack = /^[^\s:]+$/.test(username) && /^\S(.*\S)?$/.test(password);
  const variables = `${username}${password}`.includes('{{');
  if (variables || (splitsBack && !needsContentTypeLine(draft))) return `Authorization: Basic ${username} ${password}`;
  const applied = applyAuth('basic', { username, password });
  return applied.ok && applied.value.headers[0] ? `${applied.value.headers[0].name}: ${applied.value.headers[0].value}` : `Authorization: Basic ${username} ${password}`;
}

/** The auth as the header it sends (Basic in the clients' `Basic user password` shorthand), or in the URL for a query API key. */
function authLines(draft: RequestDraft, vaultSchemes: VaultSchemeWords | undefined): { headers: string[]; url: string } {
  const url = expandedUrl(draft);
  const v = draft.auth.values;
  switch (draft.auth.scheme) {
    case 'none':
      return { headers: [], url };
    case 'basic':
      return { headers: [basicAuthLine(draft, v.username ?? '', v.password ?? '')], url };
    case 'bearer':
      return { headers: [`Authorization: Bearer ${v.token ?? ''}`], url };
    case 'vault':
      return { headers: [`Authorization: ${vaultExportSchemeWord(draft.auth, vaultSchemes)} {{accessToken}}`], url };
    case 'apikey':
      if (v.placement === 'query') return { headers: [], url: withQueryParam(url, v.headerName ?? 'key', v.key ?? '') };
      return { headers: [`${v.headerName || 'Ocp-Apim-Subscription-Key'}: ${v.key ?? ''}`], url };
    default: {
      const mapped = authToPostman(draft.auth);
      return { headers: 'header' in mapped ? [`${mapped.header.name}: ${mapped.header.value}`] : [], url };
    }
  }
}

/** The body text and the Content-Type the builder sends with it when none is typed (a form sends one even with no rows). */
function bodyText(draft: RequestDraft): { text: string; contentType?: string } {
  const body = draft.body;
  switch (body.kind) {
    case 'none':
      return { text: '' };
    case 'json':
    case 'xml':
    case 'text':
      return body.texts[body.kind] === '' ? { text: '' } : { text: body.texts[body.kind], contentType: BODY_KIND_CONTENT_TYPES[body.kind] };
    case 'form':
      // The rows the builder sends: a row with neither name nor value is not sent (it would be a body "=").
      return { text: encodeForm(body.form.filter((r) => r.enabled && !(r.name === '' && r.value === ''))), contentType: BODY_KIND_CONTENT_TYPES.form };
    case 'binary':
      return { text: `< ./${body.binary?.name ?? 'file'}`, contentType: body.binary?.type || 'application/octet-stream' };
    case 'graphql': {
      // VS Code REST Client's GraphQL body (X-REQUEST-TYPE: GraphQL, written by requestBlock): the query up to
      // its first blank line (blank lines inside it, meaningless in GraphQL, are left out), then the variables.
      const query = (body.graphql?.query ?? '').replace(/\r\n?/g, '\n').split('\n').filter((line) => line.trim() !== '').join('\n');
      const variables = body.graphql?.variables.trim() ?? '';
      return query === '' ? { text: '' } : { text: variables === '' ? query : `${query}\n\n${variables}`, contentType: 'application/json' };
    }
    case 'multipart': {
      const lines: string[] = [];
      for (const part of body.multipart.filter((p) => p.enabled)) {
        const filename = part.kind === 'file' ? (part.filename ?? part.file?.name ?? 'file') : part.filename;
        lines.push(`--${body.boundary}`, `Content-Disposition: form-data; name="${part.name}"${filename !== undefined ? `; filename="${filename}"` : ''}`);
        const type = part.contentType || defaultPartContentType(part) || (part.kind === 'file' ? part.file?.type : undefined);
        if (type) lines.push(`Content-Type: ${type}`);
        for (const h of part.headers.filter((h) => h.enabled)) lines.push(`${h.name}: ${h.value}`);
        lines.push('', part.kind === 'file' ? `< ./${filename}` : part.value);
      }
      lines.push(`--${body.boundary}--`);
      return { text: lines.join('\n'), contentType: `multipart/form-data; boundary=${body.boundary}` };
    }
  }
}

/** Whether the body needs a Content-Type line: the builder sends one for it, and none is typed. */
function needsContentTypeLine(draft: RequestDraft): boolean {
  return bodyText(draft).contentType !== undefined && !draft.headers.some((h) => h.enabled && h.name.toLowerCase() === 'content-type');
}

/** A JetBrains script as written in a `.http` file: `< {% … %}` before the request, `> {% … %}` after it, or the file's path. */
function scriptLines(script: RequestScript, redaction: SecretRedaction | undefined): string {
  const marker = script.phase === 'pre-request' ? '<' : '>';
  return script.file !== undefined ? `${marker} ${script.file}` : `${marker} {%\n${redaction ? redaction.textSecrets(script.text ?? '') : (script.text ?? '')}\n%}`;
}

function requestBlock(title: string, request: SavedRequest, draft: RequestDraft, vaultSchemes: VaultSchemeWords | undefined, redaction: SecretRedaction | undefined): string {
  // A separator line ends at its line break: a name written over several lines is joined on one.
  const lines = [`### ${title.replace(/\s*[\r\n]+\s*/g, ' ')}`];
  for (const line of (request.description ?? '').split('\n').filter((l) => l.trim() !== '')) lines.push(`# ${line}`);
  if (!draft.options.followRedirects) lines.push('# @no-redirect');
  // Only JetBrains' own scripts: another tool's (Postman's pm.*) would fail in the JetBrains runner.
  const scripts = (request.scripts ?? []).filter((s) => s.dialect === EXPORTED_SCRIPT_DIALECT.http);
  for (const script of scripts.filter((s) => s.phase === 'pre-request')) lines.push(scriptLines(script, redaction));
  const auth = authLines(draft, vaultSchemes);
  const reserved = reservedHttpFileMethod(draft.method);
  // Written as it is, with what a reader of the file will make of it: the format has no other way to say this method.
  if (reserved) lines.push(`# Sent by Wirebench as an HTTP request with the method ${draft.method}; JetBrains, httpyac and Wirebench read a ${draft.method} line as ${reserved}.`);
  lines.push(`${draft.method} ${auth.url}`);
  for (const h of draft.headers) lines.push(`${h.enabled ? '' : '# '}${h.name}: ${h.value}`);
  if (draft.body.kind === 'graphql') lines.push('X-REQUEST-TYPE: GraphQL');
  lines.push(...auth.headers);
  const body = bodyText(draft);
  if (needsContentTypeLine(draft)) lines.push(`Content-Type: ${body.contentType}`);
  if (body.text !== '') lines.push('', body.text);
  for (const script of scripts.filter((s) => s.phase === 'post-response')) lines.push('', scriptLines(script, redaction));
  return lines.join('\n');
}

/**
 * The collection as a `.http` file. Requests are named `Folder / Sub / Name`; path
 * parameters are filled in (empty ones become `{{name}}`); disabled headers are written
 * as comments; `# @no-redirect` marks requests that do not follow redirects. Secret
 * variables are written blank and secrets in requests become `{{variables}}` (declared
 * blank at the top) unless `includeSecrets` is set.
 */
export function formatHttpFile(collection: Collection, options: HttpFileFormatOptions = {}): string {
  const includeSecrets = options.includeSecrets ?? false;
  const redaction = includeSecrets ? undefined : new SecretRedaction('variables', collection.variables.map((v) => v.name));
  const blocks: string[] = [];
  for (const { request, folderPath } of collectionRequests(collection.items)) {
    const draft = redaction ? redaction.draft(request.draft) : request.draft;
    blocks.push(requestBlock([...folderPath, request.name].join(' / '), request, draft, options.vaultSchemes, redaction));
  }
  const head = [`# ${collection.name}`];
  for (const line of (collection.description ?? '').split('\n').filter((l) => l.trim() !== '')) head.push(`# ${line}`);
  const variables = collection.variables.filter((v) => v.enabled !== false);
  if (variables.length > 0 || (redaction?.variables.length ?? 0) > 0) head.push('');
  for (const v of variables) {
    const value = isSecretVariable(v) && !includeSecrets ? '' : v.value;
    head.push(`@${v.name} =${value === '' ? '' : ` ${value}`}`);
  }
  for (const v of redaction?.variables ?? []) head.push(`@${v.name} =`);
  return `${[head.join('\n'), ...blocks].join('\n\n')}\n`;
}
