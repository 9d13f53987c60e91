/**
 * A cURL command's options read into a state, one option at a time, as curl reads them:
 * what each option that shapes the request does (`-X`, `-H`, the `-d` family with
 * standard input, `-F`, `-u`, `-r`/`-C`, `-z`, `-T`, `--variable`, …). `curlImport.ts`
 * walks the words and builds the requests from the state.
 */
import type { DraftAuth, HeaderRowInput, MultipartPartDraft } from '../request';
import { parseCurlFormField } from './curlForm';
import { readCurlVariable, type CurlVariable } from './curlVariables';
import { baseName } from './importResult';
import type { ShellStdin } from './shellWords';

/** One `-d`-family value: literal text, or a file cURL would read. */
export interface DataPiece {
  text: string;
  file?: string;
  json: boolean;
}

/** What the options of one `--next` section have set so far. */
export interface CurlState {
  urls: string[];
  method?: string;
  head: boolean;
  get: boolean;
  /** `-T` files, paired with the URLs in order as curl pairs them. */
  uploads: string[];
  /** What the command reads as standard input (`@-`, `-T -`): a here-document, a here-string or a file. */
  stdin: ShellStdin | undefined;
  headers: HeaderRowInput[];
  data: DataPiece[];
  form: Partial<MultipartPartDraft>[];
  auth?: DraftAuth;
  authUnsupported: boolean;
  compressed: boolean;
  insecure: boolean;
  location: boolean;
  timeoutMs?: number;
  /** The `-r`/`-C` byte range, sent as `Range: bytes=…` unless a Range header is given. */
  range?: string;
  cookies: string[];
  /** `-A`, `-e` and `-z`: curl writes them before the `-H` headers (and drops one a `-H` of the same name replaces). */
  userAgent?: string;
  referer?: string;
  timeCondition?: HeaderRowInput;
  urlQuery: string[];
  /** `--variable` values for `--expand-` options; they carry over `--next`, as in curl. */
  variables: Map<string, CurlVariable>;
  warnings: string[];
}

/** curl_easy_escape: everything but ALPHA, DIGIT and `-._~` as %XX of its UTF-8 bytes. */
export function curlEscape(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** What `--data-urlencode` and `--url-query` send: curl_easy_escape, then `%20` as `+` (curl 7.77 and later, RFC 1866 forms). */
function formEscape(text: string): string {
  return curlEscape(text).replace(/%20/g, '+');
}

/** The text of standard input when the command gives it (a here-document or here-string), else undefined. */
export function stdinText(state: CurlState): string | undefined {
  return state.stdin && state.stdin.kind !== 'file' ? state.stdin.text : undefined;
}

/** The file curl reads for `@-`: standard input redirected from a file (`< body.json`), or `-` itself. */
export function stdinFile(state: CurlState): string {
  return state.stdin?.kind === 'file' ? state.stdin.file : '-';
}

/** The text `--data-urlencode` sends for `value` (`content`, `=content`, `name=content`, `@file`, `name@file`). */
function urlencodePiece(value: string, state: CurlState, option: string): DataPiece {
  // As curl reads it: the first `=`, or when there is none the first `@` (a file); `=@x` is the text "@x".
  const eq = value.indexOf('=');
  const at = eq < 0 ? value.indexOf('@') : -1;
  if (at >= 0) {
    const name = value.slice(0, at);
    const file = value.slice(at + 1);
    const input = file === '-' ? stdinText(state) : undefined;
    if (input !== undefined) return { text: `${name ? `${name}=` : ''}${formEscape(input)}`, json: false };
    const shown = file === '-' ? stdinFile(state) : file;
    state.warnings.push(
      shown === '-'
        ? `${option} ${value}: cURL would read and encode its standard input, which is not available here; replace the placeholder with the text.`
        : `${option} ${value}: cURL would read and encode the file "${shown}", which cannot be read here; replace the placeholder with its contents.`,
    );
    return { text: `${name ? `${name}=` : ''}<contents of ${shown === '-' ? 'standard input' : baseName(shown)}>`, json: false };
  }
  if (eq < 0) return { text: formEscape(value), json: false };
  const name = value.slice(0, eq);
  return { text: `${name ? `${name}=` : ''}${formEscape(value.slice(eq + 1))}`, json: false };
}

function dataPiece(option: string, value: string, state: CurlState): DataPiece {
  const json = option === '--json';
  if (option === '--data-urlencode') return urlencodePiece(value, state, option);
  if (option !== '--data-raw' && value.startsWith('@')) {
    const file = value.slice(1);
    const input = file === '-' ? stdinText(state) : undefined;
    // -d (and --data-ascii) drop carriage returns, line feeds and NUL bytes from what they read; --data-binary and --json keep them.
    if (input !== undefined) return { text: option === '--data' ? input.replace(/[\r\n\0]/g, '') : input, json };
    return { text: '', file: file === '-' ? stdinFile(state) : file, json };
  }
  return { text: value, json };
}

/** The Range header value curl sends for `-r`: a lone number is a start ("600" is "600-"), as curl appends the dash. */
function rangeValue(value: string, state: CurlState): string {
  if (/^\d+$/.test(value)) return `${value}-`;
  if (!/^[\d,-]+$/.test(value)) state.warnings.push(`-r ${value}: a range holds only digits, "-" and ","; cURL sends it as written and so does this request.`);
  return value;
}

/** The header `-z` adds: If-Modified-Since a date, If-Unmodified-Since with a leading "-"; a file's time cannot be read here. */
function timeCondition(value: string, state: CurlState): void {
  const unmodified = value.startsWith('-');
  const when = value.replace(/^[-+=]/, '');
  const time = Date.parse(when);
  if (Number.isNaN(time)) {
    state.warnings.push(`-z ${value}: cURL would use the modification time of the file "${when}", which cannot be read here; add an If-Modified-Since header by hand.`);
    return;
  }
  state.timeCondition = { name: unmodified ? 'If-Unmodified-Since' : 'If-Modified-Since', value: new Date(time).toUTCString() };
}

function addHeader(value: string, state: CurlState): void {
  if (value.startsWith('@')) {
    state.warnings.push(`-H ${value}: cURL would read headers from the file "${value.slice(1)}", which cannot be read here; add them by hand.`);
    return;
  }
  const colon = value.indexOf(':');
  const semicolon = value.indexOf(';');
  if (colon < 0 && semicolon > 0 && value.slice(semicolon + 1).trim() === '') {
    state.headers.push({ name: value.slice(0, semicolon).trim(), value: '' });
    return;
  }
  if (colon <= 0) {
    state.warnings.push(`-H "${value}" is not a "Name: value" header and was ignored.`);
    return;
  }
  const name = value.slice(0, colon).trim();
  const headerValue = value.slice(colon + 1).trim();
  // `-H 'Accept:'` removes one of curl's own headers; Wirebench adds none, so there is nothing to remove.
  if (headerValue === '') return;
  state.headers.push({ name, value: headerValue });
}

export function applyOption(name: string, value: string, state: CurlState): void {
  const option = `--${name}`;
  switch (name) {
    case 'request':
      state.method = value;
      return;
    case 'header':
      addHeader(value, state);
      return;
    case 'data':
    case 'data-ascii':
    case 'data-raw':
    case 'data-binary':
    case 'data-urlencode':
    case 'json':
      state.data.push(dataPiece(name === 'data' || name === 'data-ascii' ? '--data' : option, value, state));
      return;
    case 'form':
    case 'form-string': {
      const field = parseCurlFormField(value, name === 'form-string');
      if (!field.ok) state.warnings.push(`${option} "${value}": ${field.error.message}`);
      else {
        state.form.push(field.value.part);
        state.warnings.push(...field.value.warnings);
      }
      return;
    }
    case 'user': {
      const colon = value.indexOf(':');
      if (colon < 0) state.warnings.push(`-u ${value} gives no password (cURL would prompt for one); fill it in the auth tab.`);
      state.auth = { scheme: 'basic', values: { username: colon < 0 ? value : value.slice(0, colon), password: colon < 0 ? '' : value.slice(colon + 1) } };
      return;
    }
    case 'oauth2-bearer':
      state.auth = { scheme: 'bearer', values: { token: value } };
      return;
    case 'user-agent':
      state.userAgent = value;
      return;
    case 'referer':
      state.referer = value.replace(/;auto$/, '');
      return;
    case 'cookie':
      if (value.includes('=')) state.cookies.push(value);
      else state.warnings.push(`-b ${value}: cURL would read cookies from the file "${value}", which cannot be read here; add a Cookie header instead.`);
      return;
    case 'url':
      state.urls.push(value);
      return;
    case 'url-query':
      state.urlQuery.push(value.startsWith('+') ? value.slice(1) : urlencodePiece(value, state, option).text);
      return;
    case 'variable': {
      const problem = readCurlVariable(value, state.variables);
      if (problem) state.warnings.push(problem);
      return;
    }
    case 'continue-at':
      if (value === '-') state.warnings.push('-C - resumes from the size of the output file, which is not known here; add a Range header by hand.');
      else if (/^\d+$/.test(value)) state.range = `${value}-`;
      else state.warnings.push(`-C ${value} is not a byte offset and was ignored.`);
      return;
    case 'time-cond':
      timeCondition(value, state);
      return;
    case 'max-time': {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds > 0) state.timeoutMs = Math.round(seconds * 1000);
      else state.warnings.push(`--max-time ${value} is not a number of seconds and was ignored.`);
      return;
    }
    case 'range':
      state.range = rangeValue(value, state);
      return;
    case 'upload-file':
      state.uploads.push(value);
      return;
  }
}

export function setFlag(name: string, on: boolean, state: CurlState): void {
  if (name === 'get') state.get = on;
  else if (name === 'head') state.head = on;
  else if (name === 'compressed') state.compressed = on;
  else if (name === 'insecure') state.insecure = on;
  else if (name === 'location' || name === 'location-trusted' || name === 'follow') state.location = on;
}

/** The state a `--next` section starts from: nothing set but the command's stdin and curl's variables, which are global. */
export function freshState(stdin: ShellStdin | undefined, variables: Map<string, CurlVariable>): CurlState {
  return {
    variables,
    urls: [], head: false, get: false, uploads: [], stdin, headers: [], data: [], form: [], authUnsupported: false,
    compressed: false, insecure: false, location: false, cookies: [], urlQuery: [], warnings: [],
  };
}
