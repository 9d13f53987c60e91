/**
 * A cURL command (pasted from documentation, a terminal, or a browser's "Copy as cURL")
 * turned into a draft that sends the same request. Quoting follows the shell the command
 * was written for; every option that changes the request is carried over; what cannot be
 * (files to read, proxies, unknown options) becomes a warning, never a failure. The only
 * failures are a quote that is never closed, a command that is not curl, and no URL.
 */
import { contentTypeParams, encodeForm, parseForm } from '../encoding';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import { draftRowId, normaliseDraft, type DraftAuth, type DraftInput, type HeaderRowInput, type MultipartPartDraft, type RequestDraft } from '../request';
import type { Result } from '../types';
import { fail, ok, positionAt } from '../types';
import { CURL_QUIET_OPTIONS, CURL_REQUEST_OPTIONS, CURL_SHORT_OPTIONS, CURL_UNSUPPORTED_OPTIONS, curlOptionTakesValue } from './curlOptions';
import { parseCurlFormField } from './curlForm';
import { baseName } from './importResult';
import { splitShellWords, type ShellWord } from './shellWords';

/** A draft read from a cURL command, and what did not come across as written. */
export interface CurlImport {
  draft: RequestDraft;
  warnings: string[];
}

/** One `-d`-family value: literal text, or a file cURL would read. */
interface DataPiece {
  text: string;
  file?: string;
  json: boolean;
}

interface CurlState {
  urls: string[];
  method?: string;
  head: boolean;
  get: boolean;
  upload?: string;
  headers: HeaderRowInput[];
  data: DataPiece[];
  form: Partial<MultipartPartDraft>[];
  auth?: DraftAuth;
  authUnsupported: boolean;
  compressed: boolean;
  insecure: boolean;
  location: boolean;
  timeoutMs?: number;
  cookies: string[];
  urlQuery: string[];
  warnings: string[];
}

/** curl_easy_escape: everything but ALPHA, DIGIT and `-._~` as %XX of its UTF-8 bytes. */
function curlEscape(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The text `--data-urlencode` sends for `value` (`content`, `=content`, `name=content`, `@file`, `name@file`). */
function urlencodePiece(value: string, state: CurlState, option: string): DataPiece {
  const eq = value.indexOf('=');
  const at = value.indexOf('@');
  if (at >= 0 && (eq < 0 || at < eq)) {
    const name = value.slice(0, at);
    const file = value.slice(at + 1);
    state.warnings.push(`${option} ${value}: cURL would read and encode the file "${file}", which cannot be read here; replace the placeholder with its contents.`);
    return { text: `${name ? `${name}=` : ''}<contents of ${baseName(file)}>`, json: false };
  }
  if (eq < 0) return { text: curlEscape(value), json: false };
  const name = value.slice(0, eq);
  return { text: `${name ? `${name}=` : ''}${curlEscape(value.slice(eq + 1))}`, json: false };
}

function dataPiece(option: string, value: string, state: CurlState): DataPiece {
  const json = option === '--json';
  if (option === '--data-urlencode') return urlencodePiece(value, state, option);
  if (option !== '--data-raw' && value.startsWith('@')) return { text: '', file: value.slice(1), json };
  return { text: value, json };
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

function applyOption(name: string, value: string, state: CurlState): void {
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
      state.headers.push({ name: 'User-Agent', value });
      return;
    case 'referer':
      if (value.replace(/;auto$/, '') !== '') state.headers.push({ name: 'Referer', value: value.replace(/;auto$/, '') });
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
    case 'max-time': {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds > 0) state.timeoutMs = Math.round(seconds * 1000);
      else state.warnings.push(`--max-time ${value} is not a number of seconds and was ignored.`);
      return;
    }
    case 'range':
      state.headers.push({ name: 'Range', value: `bytes=${value}` });
      return;
    case 'upload-file':
      state.upload = value;
      return;
  }
}

function setFlag(name: string, on: boolean, state: CurlState): void {
  if (name === 'get') state.get = on;
  else if (name === 'head') state.head = on;
  else if (name === 'compressed') state.compressed = on;
  else if (name === 'insecure') state.insecure = on;
  else if (name === 'location' || name === 'location-trusted') state.location = on;
}

/** Reads the words after `curl` into the state, stopping at `--next` (a second request). */
function readWords(words: readonly ShellWord[], state: CurlState): void {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.text;
    const takeValue = (display: string): string | undefined => {
      const next = words[i + 1];
      if (!next) {
        state.warnings.push(`${display} needs a value but is the last word; it was ignored.`);
        return undefined;
      }
      i++;
      return next.text;
    };
    const handle = (name: string, display: string, inline?: string): void => {
      const takes = curlOptionTakesValue(name);
      const value = takes ? (inline !== undefined && inline !== '' ? inline : takeValue(display)) : undefined;
      if (takes && value === undefined) return;
      if (name in CURL_REQUEST_OPTIONS) {
        if (takes) applyOption(name, value!, state);
        else if (name === 'next') state.warnings.push('--next starts another request; only the first one was read.');
        else setFlag(name, true, state);
      } else if (name in CURL_UNSUPPORTED_OPTIONS) {
        state.warnings.push(`${display}${takes ? ` ${value}` : ''} was ignored: ${CURL_UNSUPPORTED_OPTIONS[name]!.reason}.`);
        if (name !== 'anyauth') state.authUnsupported ||= /authentication/.test(CURL_UNSUPPORTED_OPTIONS[name]!.reason);
      } else if (!(name in CURL_QUIET_OPTIONS)) {
        state.warnings.push(`Unknown cURL option ${display} was ignored.`);
      }
    };
    if (word.startsWith('--') && word.length > 2) {
      const name = word.slice(2);
      if (name === 'next') {
        state.warnings.push('--next starts another request; only the first one was read.');
        return;
      }
      if (name.startsWith('no-') && !curlOptionTakesValue(name) && (name.slice(3) in CURL_REQUEST_OPTIONS)) setFlag(name.slice(3), false, state);
      else handle(name, word);
    } else if (word.startsWith('-') && word.length > 1) {
      for (let c = 1; c < word.length; c++) {
        const letter = word[c]!;
        const name = CURL_SHORT_OPTIONS[letter];
        if (!name) {
          state.warnings.push(`Unknown cURL option -${letter} was ignored.`);
          continue;
        }
        if (name === 'next') {
          state.warnings.push('-: starts another request; only the first one was read.');
          return;
        }
        if (curlOptionTakesValue(name)) {
          handle(name, `-${letter}`, word.slice(c + 1));
          break;
        }
        handle(name, `-${letter}`);
      }
    } else {
      state.urls.push(word);
    }
  }
}

function hasHeader(state: CurlState, name: string): boolean {
  return state.headers.some((h) => h.name.toLowerCase() === name.toLowerCase());
}

function essenceOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  return contentTypeParams(contentType).type;
}

/** The draft body for the `-d` family; may add a Content-Type row so the draft sends what curl sends. */
function dataBody(state: CurlState): DraftInput['body'] {
  const typed = state.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const isJson = state.data.some((p) => p.json);
  if (isJson) {
    if (!typed) state.headers.push({ name: 'Content-Type', value: 'application/json' });
    if (!hasHeader(state, 'accept')) state.headers.push({ name: 'Accept', value: 'application/json' });
  }
  const contentType = typed ?? (isJson ? 'application/json' : 'application/x-www-form-urlencoded');
  const files = state.data.filter((p) => p.file !== undefined);
  if (state.data.length === 1 && files.length === 1) {
    const file = files[0]!.file!;
    if (file === '-') {
      state.warnings.push('The body is read from standard input (@-), which is not available here; type it in the body editor.');
    } else {
      state.warnings.push(`The body is the file "${file}": pick the file again before sending.`);
    }
    if (!typed && !isJson) state.headers.push({ name: 'Content-Type', value: contentType });
    return { kind: 'binary' };
  }
  for (const piece of files) {
    state.warnings.push(`The data file "${piece.file}" cannot be read here; the body holds the placeholder <contents of ${baseName(piece.file!)}> — paste the file's contents.`);
    piece.text = `<contents of ${baseName(piece.file!)}>`;
  }
  let text = '';
  state.data.forEach((piece, i) => {
    text += i === 0 ? piece.text : piece.json && state.data[i - 1]!.json ? piece.text : `&${piece.text}`;
  });
  const essence = essenceOf(contentType);
  if (isJsonMediaType(essence)) return { kind: 'json', texts: { json: text } };
  if (isXmlMediaType(essence)) return { kind: 'xml', texts: { xml: text } };
  if (essence === 'application/x-www-form-urlencoded') {
    const pairs = parseForm(text);
    if (encodeForm(pairs) === text && pairs.length > 0) return { kind: 'form', form: pairs.map((p) => ({ ...p, id: draftRowId(), enabled: true })) };
  }
  if (!typed) state.headers.push({ name: 'Content-Type', value: contentType });
  return { kind: 'text', texts: { text } };
}

/** The draft body for `-F`; a typed multipart Content-Type gives its boundary and is dropped, as curl writes its own. */
function formBody(state: CurlState): DraftInput['body'] {
  let boundary: string | undefined;
  state.headers = state.headers.filter((h) => {
    if (h.name.toLowerCase() !== 'content-type' || !essenceOf(h.value).startsWith('multipart/')) return true;
    const given = contentTypeParams(h.value).params.boundary;
    if (given) boundary = given;
    return false;
  });
  return { kind: 'multipart', multipart: state.form as MultipartPartDraft[], ...(boundary ? { boundary } : {}) };
}

function withQuery(url: string, query: string): string {
  if (query === '') return url;
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  return `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${query}${fragment}`;
}

function isCurlWord(word: string): boolean {
  return /^(.*[\\/])?curl(\.exe)?$/i.test(word);
}

/**
 * Reads a cURL command into a draft. Understands POSIX quoting (`'…'`, `"…"` with escapes,
 * `$'…'`), `\` and `^` line continuations (the latter for Windows cmd copies), and the
 * options that shape a request: -X, -H, -d/--data/--data-raw/--data-binary/--data-urlencode
 * (joined with `&`), --json, -F/--form-string (with `;type=`, `;filename=`, `;headers=`,
 * `@file`), -u, --oauth2-bearer, -G, --compressed, -A, -e, -b, -k, -L, -m, -r, -T, -I,
 * --url, --url-query. Files cannot be read here: a file body or part is kept without its
 * file and the warning says to pick it again. Never throws; fails only for an unclosed
 * quote (with its position), a command that is not curl, or a command without a URL.
 */
export function parseCurl(command: string): Result<CurlImport> {
  if (typeof command !== 'string') throw new TypeError('parseCurl expects the command as a string');
  const prompt = /^\s*[$%>]\s+/.exec(command)?.[0] ?? '';
  const text = ' '.repeat(prompt.length) + command.slice(prompt.length);
  let split = splitShellWords(text);
  if (!split.ok) return fail({ ...split.error, kind: 'curl-unterminated-quote', message: `${split.error.message} The command may have been cut off when copied.` });
  const piped: string[] = [];
  // `printf … | curl … --data-binary @-` (what toCurl writes for bodies with NUL bytes): read the curl side.
  while (split.value.stoppedAt?.operator === '|' && split.value.words[0] && !isCurlWord(split.value.words[0].text)) {
    const from = split.value.stoppedAt.offset + 1;
    piped.push(split.value.words[0].text);
    const rest = splitShellWords(' '.repeat(from) + text.slice(from));
    if (!rest.ok) return fail({ ...rest.error, kind: 'curl-unterminated-quote', message: `${rest.error.message} The command may have been cut off when copied.` });
    split = rest;
  }
  let words = split.value.words;
  if (words[0]?.text === 'sudo') words = words.slice(1);
  const first = words[0];
  if (!first) return fail({ kind: 'curl-empty', message: 'The command is empty: paste a command that starts with curl.' });
  if (!isCurlWord(first.text)) {
    return fail({ kind: 'not-curl', position: positionAt(text, first.offset), message: `This is not a cURL command: it starts with "${first.text.slice(0, 40)}", not "curl".` });
  }
  const state: CurlState = {
    urls: [], head: false, get: false, headers: [], data: [], form: [], authUnsupported: false,
    compressed: false, insecure: false, location: false, cookies: [], urlQuery: [], warnings: [],
  };
  readWords(words.slice(1), state);
  for (const program of piped) state.warnings.push(`The output of ${program} piped into curl (its standard input) was not read.`);
  if (split.value.stoppedAt) {
    const at = positionAt(text, split.value.stoppedAt.offset);
    state.warnings.push(
      `The command ends at the unquoted "${split.value.stoppedAt.operator}" at line ${at.line}, column ${at.column}; a shell runs what follows separately, so it was not read. Quote the URL if the "${split.value.stoppedAt.operator}" belongs to it.`,
    );
  }
  for (const expansion of split.value.expansions) state.warnings.push(`The shell would expand ${expansion}; it was kept as written. Use a {{variable}} instead.`);
  const [rawUrl, ...extra] = state.urls;
  if (rawUrl === undefined) return fail({ kind: 'curl-no-url', message: 'The cURL command has no URL: add the address to request.' });
  if (extra.length > 0) state.warnings.push(`Only the first URL is used; ${extra.map((u) => `"${u}"`).join(', ')} ${extra.length === 1 ? 'was' : 'were'} ignored.`);
  let url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(rawUrl) || rawUrl.startsWith('{{') ? rawUrl : `http://${rawUrl}`;
  url = withQuery(url, state.urlQuery.join('&'));

  let body: DraftInput['body'];
  if (state.data.length > 0 && state.get) {
    const files = state.data.filter((p) => p.file !== undefined);
    if (files.length > 0) state.warnings.push(`With -G the data goes in the URL, but the file${files.length > 1 ? 's' : ''} ${files.map((p) => `"${p.file}"`).join(', ')} cannot be read here.`);
    url = withQuery(url, state.data.map((p) => (p.file !== undefined ? `<contents of ${baseName(p.file)}>` : p.text)).join('&'));
  } else if (state.data.length > 0) {
    if (state.form.length > 0) state.warnings.push('The command has both -d and -F data, which cURL refuses; the -F parts were ignored.');
    body = dataBody(state);
  } else if (state.form.length > 0) {
    body = formBody(state);
  } else if (state.upload !== undefined) {
    state.warnings.push(`The body is the file "${state.upload}" (-T): pick the file again before sending.`);
    body = { kind: 'binary' };
  }

  const method =
    state.method ?? (state.head ? 'HEAD' : state.get ? 'GET' : state.upload !== undefined && body?.kind === 'binary' && state.data.length === 0 ? 'PUT' : body ? 'POST' : 'GET');
  if (state.cookies.length > 0) state.headers.push({ name: 'Cookie', value: state.cookies.join('; ') });
  if (state.compressed && !hasHeader(state, 'accept-encoding')) state.headers.push({ name: 'Accept-Encoding', value: 'gzip, deflate, br' });
  const input: DraftInput = {
    method,
    url,
    headers: state.headers,
    options: { followRedirects: state.location, insecureTls: state.insecure, ...(state.timeoutMs ? { timeoutMs: state.timeoutMs } : {}) },
  };
  if (body) input.body = body;
  if (state.auth && !(state.authUnsupported && state.auth.scheme === 'basic')) input.auth = state.auth;
  return ok({ draft: normaliseDraft(input), warnings: state.warnings });
}
