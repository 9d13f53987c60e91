/**
 * A cURL command (pasted from documentation, a terminal, or a browser's "Copy as cURL")
 * turned into a draft that sends the same request. Quoting follows the shell the command
 * was written for; every option that changes the request is carried over; what cannot be
 * (files to read, proxies, unknown options) becomes a warning, never a failure. The only
 * failures are a quote that is never closed, a command that is not curl, and no URL.
 */
import { contentTypeParams, encodeForm, parseForm } from '../encoding';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import { draftRowId, newMultipartBoundary, normaliseDraft, type DraftInput, type HeaderRowInput, type MultipartPartDraft, type RequestDraft } from '../request';
import type { Result } from '../types';
import { fail, ok, positionAt } from '../types';
import { splitCurlCommands, unterminatedQuote, isCurlWord, type CurlCommandSource } from './curlCommands';
import { CURL_QUIET_OPTIONS, CURL_REQUEST_OPTIONS, CURL_SHORT_OPTIONS, CURL_UNSUPPORTED_OPTIONS, curlOptionTakesValue, resolveCurlOption } from './curlOptions';
import { applyOption, curlEscape, freshState, setFlag, stdinFile, stdinText, type CurlState } from './curlState';
import { curlUrlCredentials, curlUrlRefusal } from './curlUrl';
import { expandCurlVariables, shellVariablesNote, type CurlVariable } from './curlVariables';
import { baseName } from './importResult';
import type { ShellWord } from './shellWords';

/** A draft read from a cURL command, and what did not come across as written. */
export interface CurlImport {
  draft: RequestDraft;
  warnings: string[];
  /** Requests after this one in the same text (more commands, `--next`, more URLs) that `parseCurl` did not read. */
  moreRequests: number;
}

/**
 * Reads the words from `from` into the state, stopping after `--next` (or `-:`), which
 * starts another request with options of its own; returns where that request's words
 * begin, or undefined at the end of the command.
 */
function readWords(words: readonly ShellWord[], from: number, state: CurlState): number | undefined {
  for (let i = from; i < words.length; i++) {
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
    const handle = (written: string, display: string, inline?: string): void => {
      const option = resolveCurlOption(written);
      if (!option) {
        state.warnings.push(`Unknown cURL option ${display} was ignored.`);
        return;
      }
      const { name } = option;
      const takes = curlOptionTakesValue(name);
      const value = takes ? (inline !== undefined && inline !== '' ? inline : takeValue(display)) : undefined;
      if (takes && value === undefined) return;
      if (name in CURL_REQUEST_OPTIONS) {
        if (takes) applyOption(name, option.expand ? expandCurlVariables(value!, state.variables, display, state.warnings) : value!, state);
        else setFlag(name, !option.negated, state);
      } else if (name in CURL_UNSUPPORTED_OPTIONS) {
        if (option.negated) return;
        state.warnings.push(`${display}${takes ? ` ${value}` : ''} was ignored: ${CURL_UNSUPPORTED_OPTIONS[name]!.reason}.`);
        if (name !== 'anyauth') state.authUnsupported ||= /authentication/.test(CURL_UNSUPPORTED_OPTIONS[name]!.reason);
      } else if (!(name in CURL_QUIET_OPTIONS)) {
        state.warnings.push(`Unknown cURL option ${display} was ignored.`);
      }
    };
    if (word.startsWith('--') && word.length > 2) {
      if (word === '--next') return i + 1;
      handle(word.slice(2), word);
    } else if (word.startsWith('-') && word.length > 1) {
      for (let c = 1; c < word.length; c++) {
        const letter = word[c]!;
        const name = CURL_SHORT_OPTIONS[letter];
        if (!name) {
          state.warnings.push(`Unknown cURL option -${letter} was ignored.`);
          continue;
        }
        if (name === 'next') return i + 1;
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
  return undefined;
}

function hasHeader(headers: readonly HeaderRowInput[], name: string): boolean {
  return headers.some((h) => h.name.toLowerCase() === name.toLowerCase());
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
    if (!hasHeader(state.headers, 'accept')) state.headers.push({ name: 'Accept', value: 'application/json' });
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

/**
 * The draft body for `-F`. curl sends a typed multipart Content-Type as given, with its
 * own `; boundary=` added (so `multipart/related; type="application/json"` keeps its
 * subtype and parameters); a plain `multipart/form-data` is what the builder writes, so
 * that row is dropped. A boundary given in the header becomes the body's boundary, so the
 * header and the body always agree.
 */
function formBody(state: CurlState): DraftInput['body'] {
  let boundary: string | undefined;
  const typed = state.headers.find((h) => h.name.toLowerCase() === 'content-type' && essenceOf(h.value).startsWith('multipart/'));
  if (typed) {
    const { type, params } = contentTypeParams(typed.value);
    boundary = params.boundary || newMultipartBoundary();
    if (type === 'multipart/form-data' && Object.keys(params).every((key) => key === 'boundary')) state.headers = state.headers.filter((h) => h !== typed);
    else if (!params.boundary) typed.value = `${typed.value.trim().replace(/;\s*$/, '')}; boundary=${boundary}`;
  }
  return { kind: 'multipart', multipart: state.form as MultipartPartDraft[], ...(boundary ? { boundary } : {}) };
}

/**
 * The headers curl writes itself from options, in its order (Range, User-Agent,
 * Accept-Encoding, Referer, Cookie, If-Modified-Since), before the `-H` headers; a `-H`
 * header of the same name replaces curl's own. Several `-b` values are joined with `;`,
 * as curl joins them. `--compressed` asks for the codings the relay decodes, in curl's order.
 */
function curlOwnHeaders(state: CurlState, typed: readonly HeaderRowInput[], range: boolean): HeaderRowInput[] {
  const own: HeaderRowInput[] = [];
  const add = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '' && !hasHeader(typed, name)) own.push({ name, value });
  };
  if (range && state.range !== undefined) add('Range', `bytes=${state.range}`);
  add('User-Agent', state.userAgent);
  if (state.compressed) add('Accept-Encoding', 'deflate, gzip, br');
  add('Referer', state.referer);
  if (state.cookies.length > 0) add('Cookie', state.cookies.join(';'));
  if (state.timeCondition) add(state.timeCondition.name, state.timeCondition.value);
  return own;
}

function withQuery(url: string, query: string): string {
  if (query === '') return url;
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  return `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${query}${fragment}`;
}

/** Whether `-T file` reads standard input (`-` or `.`) rather than a file. */
function isStdinUpload(file: string): boolean {
  return file === '-' || file === '.';
}

/**
 * The URL `-T file` uploads to: when the URL's path ends in `/` (or it has no path) and it
 * has no query, curl appends the file's name (after the last `/` or `\`, %-escaped).
 */
function withUploadName(url: string, file: string): string {
  const match = /^((?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)|\{\{[^}]*\}\})(\/[^?#]*)?(#.*)?$/.exec(url);
  if (!match) return url;
  const path = match[2] ?? '/';
  if (!path.endsWith('/')) return url;
  return `${match[1]}${path}${curlEscape(baseName(file))}${match[3] ?? ''}`;
}


function absoluteUrl(rawUrl: string): string {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(rawUrl) || rawUrl.startsWith('{{') ? rawUrl : `http://${rawUrl}`;
}

/** The requests of one `--next` section: one per URL, sharing its options, as curl sends them. */
function requestsOf(state: CurlState): Result<CurlImport[]> {
  if (state.urls.length === 0) return fail({ kind: 'curl-no-url', message: 'The cURL command has no URL: add the address to request.' });
  const query = state.urlQuery.join('&');
  let shared: DraftInput['body'];
  let dataQuery = '';
  if (state.data.length > 0 && state.get) {
    const files = state.data.filter((p) => p.file !== undefined);
    if (files.length > 0) state.warnings.push(`With -G the data goes in the URL, but the file${files.length > 1 ? 's' : ''} ${files.map((p) => `"${p.file}"`).join(', ')} cannot be read here.`);
    dataQuery = state.data.map((p) => (p.file !== undefined ? `<contents of ${baseName(p.file)}>` : p.text)).join('&');
  } else if (state.data.length > 0) {
    if (state.form.length > 0) state.warnings.push('The command has both -d and -F data, which cURL refuses; the -F parts were ignored.');
    shared = dataBody(state);
  } else if (state.form.length > 0) {
    shared = formBody(state);
  }
  if (state.uploads.length > state.urls.length) state.warnings.push(`${state.uploads.length - state.urls.length} -T file${state.uploads.length - state.urls.length > 1 ? 's have' : ' has'} no URL to go to and ${state.uploads.length - state.urls.length > 1 ? 'were' : 'was'} ignored.`);
  const auth = state.auth && !(state.authUnsupported && state.auth.scheme === 'basic') ? state.auth : undefined;
  // curl skips a URL its parser refuses and sends the others; when it refuses them all, they are kept, to be corrected.
  const refusals = state.urls.map((rawUrl) => curlUrlRefusal(absoluteUrl(rawUrl)));
  const skipRefused = refusals.some((r) => r === undefined);
  const firstKept = skipRefused ? refusals.indexOf(undefined) : 0;
  const refusalNotes = refusals.flatMap((r, i) => (r ? [`cURL refuses the URL "${state.urls[i]}": ${r}; ${skipRefused ? 'it sends the other URLs, so this one was left out' : 'correct it before sending'}.`] : []));
  state.warnings.push(...refusalNotes);
  const requests = state.urls.map((rawUrl, index): CurlImport | undefined => {
    if (skipRefused && refusals[index]) return undefined;
    const warnings = index === firstKept ? state.warnings : [];
    const headers = state.headers.map((h) => ({ ...h }));
    const credentials = curlUrlCredentials(absoluteUrl(rawUrl));
    let url = withQuery(withQuery(credentials.url, query), dataQuery);
    let body = shared;
    const upload = state.data.length === 0 && state.form.length === 0 ? state.uploads[index] : undefined;
    if (upload !== undefined) {
      const input = isStdinUpload(upload) ? stdinText(state) : undefined;
      if (input !== undefined) {
        body = input === '' ? { kind: 'none' } : { kind: 'text', texts: { text: input } };
      } else {
        const file = isStdinUpload(upload) ? stdinFile(state) : upload;
        warnings.push(file === '-' ? `The body is read from standard input (-T ${upload}), which is not available here; pick a file or type the body.` : `The body is the file "${file}" (-T): pick the file again before sending.`);
        body = { kind: 'binary' };
      }
      if (!isStdinUpload(upload)) url = withUploadName(url, upload);
    }
    if (state.range !== undefined && upload !== undefined) warnings.push(`-r ${state.range} with -T: cURL would send the upload as a Content-Range part, which is not carried over; the whole body is sent.`);
    headers.unshift(...curlOwnHeaders(state, headers, upload === undefined));
    const method = state.method ?? (state.head ? 'HEAD' : state.get ? 'GET' : upload !== undefined ? 'PUT' : body ? 'POST' : 'GET');
    const input: DraftInput = {
      method,
      url,
      headers,
      options: { followRedirects: state.location, insecureTls: state.insecure, ...(state.timeoutMs ? { timeoutMs: state.timeoutMs } : {}) },
    };
    if (body) input.body = body;
    if (auth) input.auth = auth;
    else if (credentials.auth && !state.authUnsupported && !hasHeader(headers, 'authorization')) input.auth = credentials.auth;
    if (credentials.auth && input.auth !== credentials.auth) warnings.push(`The user and password in the URL ${credentials.url.replace(/\?.*/s, '')} were left out: cURL sends ${state.authUnsupported ? 'them with an authentication scheme Wirebench lacks' : 'the -u or Authorization header credentials instead'}.`);
    return { draft: normaliseDraft(input), warnings, moreRequests: 0 };
  });
  return ok(requests.filter((request): request is CurlImport => request !== undefined));
}

/** Warnings about the command as a whole: what the shell would do that was not done here. */
function commandWarnings(source: CurlCommandSource, text: string): string[] {
  const warnings: string[] = [];
  if (!source.split.ok) return warnings;
  const split = source.split.value;
  source.piped.forEach((program, i) => {
    // The last program's output is curl's input; it was read when it could be known (printf, echo, cat of a file).
    if (i < source.piped.length - 1 || !source.pipedStdin || split.stdin) warnings.push(`The output of ${program} piped into curl (its standard input) was not read.`);
  });
  if (split.stoppedAt && split.stoppedAt.operator !== '\n' && !source.followedByCurl) {
    // Counted from the command's own line, so a file of many such commands is read in linear time.
    let line = source.line;
    for (let i = source.offset; i < split.stoppedAt.offset; i++) if (text[i] === '\n') line++;
    const at = { line, column: split.stoppedAt.offset - text.lastIndexOf('\n', split.stoppedAt.offset - 1) };
    warnings.push(
      `The command ends at the unquoted "${split.stoppedAt.operator}" at line ${at.line}, column ${at.column}; a shell runs what follows separately, so it was not read. Quote the URL if the "${split.stoppedAt.operator}" belongs to it.`,
    );
  }
  if (split.stdin?.kind === 'here-doc' && !split.stdin.closed) {
    warnings.push(`The here-document <<${split.stdin.delimiter} is never closed by a line "${split.stdin.delimiter}"; its body runs to the end of the text, as bash reads it.`);
  }
  for (const expansion of split.expansions) warnings.push(`The shell would expand ${expansion}; it was kept as written. Use a {{variable}} instead.`);
  if (split.variables) warnings.push(shellVariablesNote(split.variables));
  return warnings;
}

/**
 * Reads one command found by `splitCurlCommands` into the requests it makes: one per
 * `--next` section and, within one, per URL (curl sends the same options to each).
 * Fails when the command cannot be split, is not curl, or makes no request at all (its
 * first section has no URL); a later section without URL is a warning.
 */
export function readCurlCommand(source: CurlCommandSource, text: string): Result<CurlImport[]> {
  if (!source.split.ok) return fail(unterminatedQuote(source.split.error));
  let words = source.split.value.words;
  if (words[0]?.text === 'sudo') words = words.slice(1);
  const first = words[0];
  if (!first) return fail({ kind: 'curl-empty', message: 'The command is empty: paste a command that starts with curl.' });
  if (!isCurlWord(first.text)) {
    return fail({ kind: 'not-curl', position: positionAt(text, first.offset), message: `This is not a cURL command: it starts with "${first.text.slice(0, 40)}", not "curl".` });
  }
  const requests: CurlImport[] = [];
  const problems: string[] = [];
  let firstFailure: Result<CurlImport[]> | undefined;
  let at: number | undefined = 1;
  const variables = new Map<string, CurlVariable>();
  for (let section = 0; at !== undefined; section++) {
    const state = freshState(source.split.value.stdin ?? source.pipedStdin, variables);
    at = readWords(words, at, state);
    const read = requestsOf(state);
    if (read.ok) requests.push(...read.value);
    else {
      firstFailure ??= read;
      problems.push(`${section === 0 ? 'The options before the first --next' : `The options after --next number ${section}`} make no request: ${read.error.message}`);
    }
  }
  if (requests.length === 0) return firstFailure!;
  requests[0]!.warnings.push(...problems, ...commandWarnings(source, text));
  return ok(requests);
}

/**
 * Reads a cURL command into a draft. Understands POSIX quoting (`'…'`, `"…"` with escapes,
 * `$'…'`), `\` and `^` line continuations (the latter for Windows cmd copies), here-documents
 * and here-strings as standard input, and the options that shape a request: -X, -H,
 * -d/--data/--data-raw/--data-binary/--data-urlencode (joined with `&`), --json,
 * -F/--form-string (with `;type=`, `;filename=`, `;headers=`, `@file`), -u, --oauth2-bearer,
 * -G, --compressed, -A, -e, -b, -k, -L, -m, -r, -C, -z, -T, -I, --url, --url-query. Files
 * cannot be read here: a file body or part is kept without its file and the warning says to
 * pick it again. When the text makes more requests (more commands, `--next`, more URLs),
 * the first is read and `moreRequests` counts the others (`importCurlCommands` reads them
 * all). Never throws; fails only for an unclosed quote (with its position), a command that
 * is not curl, or a command without a URL.
 */
export function parseCurl(command: string): Result<CurlImport> {
  if (typeof command !== 'string') throw new TypeError('parseCurl expects the command as a string');
  const commands = splitCurlCommands(command);
  const first = commands[0];
  if (!first) return fail({ kind: 'curl-empty', message: 'The command is empty: paste a command that starts with curl.' });
  const read = readCurlCommand(first, command);
  if (!read.ok) return read;
  const [request, ...others] = read.value;
  const curlCommands = commands.filter((c) => c.isCurl).length;
  const more = others.length + curlCommands - 1;
  if (more > 0) {
    request!.moreRequests = more;
    const where = curlCommands > 1 ? `${curlCommands} curl commands` : '--next sections or several URLs';
    request!.warnings.unshift(`${more} more request${more === 1 ? ' was' : 's were'} found after this one (${where}); only the first was read here. Use Import… to bring in each as a request of its own.`);
  }
  return ok(request!);
}
