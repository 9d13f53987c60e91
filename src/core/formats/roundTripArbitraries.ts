/**
 * Generators of realistic requests for the export round-trip properties
 * (`roundTrip.property.test.ts`), and the comparison they share: a request is "the same"
 * when its wire request is — method, URL, headers in order, body bytes (the random
 * multipart boundary named, files compared by reference) — and, where a format keeps
 * them, its name, scripts and URL fragment.
 *
 * Each generator takes what a format can carry (`FormatReach`); a format that cannot
 * carry something is constrained where the test names it, with the reason.
 */
import fc from 'fast-check';
import { buildWireRequest, normaliseDraft, type DraftInput, type HeaderRow, type RequestDraft } from '../request';
import type { FileRef, WireRequest } from '../types';
import type { RequestScript, SavedRequest } from '../workspace';

/** The files a generated request refers to; an importer's file parts are "picked again" from these by name. */
export const ROUND_TRIP_FILES: readonly FileRef[] = [
  { kind: 'file', id: 'file-photo', name: 'photo.png', size: 4, type: 'image/png' },
  { kind: 'file', id: 'file-notes', name: 'notes 2.txt', size: 11, type: 'text/plain' },
];

/** The environment the wire requests are built with: `{{baseUrl}}` and `{{token}}` resolve (a Bearer token must be a token68), others stay as written. */
export const ROUND_TRIP_ENV: Readonly<Record<string, string>> = { baseUrl: 'https://vars.example.test/v1', token: 'env-t0k' };

/** What a format can carry, beyond method, URL, headers and a text body. */
export interface FormatReach {
  /** A `#fragment` on the URL (never sent, but kept by formats holding the URL as written). */
  fragment: boolean;
  /** Per-part headers of multipart parts. */
  partHeaders: boolean;
  /** Multipart text parts sent with `Content-Transfer-Encoding: base64`. */
  partBase64: boolean;
  /** A part's own Content-Type, and JSON parts (sent as application/json); absent: carried. Insomnia's multipart fields have neither. */
  partContentType?: boolean;
  /** A file as the whole body. */
  fileBody: boolean;
  /** Text bodies with NUL and other control characters. */
  nul: boolean;
  /** Scripts of this dialect, if any. */
  scripts?: 'postman' | 'jetbrains';
  /** A request name with line breaks (or leading/trailing blanks). */
  multilineNames: boolean;
  /**
   * Basic auth whose values hold `{{variables}}`. `.http` keeps those in the `Basic user
   * password` shorthand, which comes back as the request's auth: a draft sends its auth after
   * its typed headers, so the Content-Type line written for the body comes back ahead of it.
   */
  basicWithVariables: boolean;
  /** A multipart body without parts (the builder sends the closing delimiter alone). */
  emptyMultipart: boolean;
  /**
   * For a line-based format (`.http`): text bodies are lines joined by LF, without blank lines
   * around them, and multipart part values are lines joined by CRLF, not ending in a blank
   * line (the line break before a delimiter line is the delimiter's). Absent: any text.
   */
  lines?: { body: string; part: string };
  /** Lines of a text body that the format would read as its own syntax, if any (e.g. `###` in a `.http` file). */
  bodyLineAvoid?: RegExp;
}

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
const joined = (pieces: fc.Arbitrary<string>, max: number, min = 0) => fc.array(pieces, { minLength: min, maxLength: max }).map((p) => p.join(''));
const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,7}$/);

/**
 * Methods: the common ones and custom tokens (WebDAV, SSDP, made-up extension methods).
 * Custom tokens are upper-case letters, digits, `-` and `_`: the request line of a `.http`
 * file (JetBrains, VS Code) is recognised by such a method, not by every RFC 9110 tchar.
 */
export const methodArb = fc.oneof(
  { weight: 3, arbitrary: pick('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
  { weight: 1, arbitrary: fc.oneof(pick('PROPFIND', 'M-SEARCH', 'PURGE', 'QUERY', 'LINK'), fc.stringMatching(/^[A-Z][A-Z0-9_-]{1,9}$/)) },
);

/** A piece of a path segment: unreserved text, percent-encoded octets, sub-delimiters, a variable. */
const pathPiece = fc.oneof(
  { weight: 4, arbitrary: word },
  { weight: 2, arbitrary: pick('%20', '%2F', '%C3%A9', '%25', "!$&'()*+,;=:@", '~', 'v1.2', '{{version}}') },
);

/** A piece of a query name or value: reserved and encoded characters, literal braces, variables. */
const queryPiece = fc.oneof(
  { weight: 3, arbitrary: word },
  { weight: 3, arbitrary: pick('%20', '+', '%2B', '%26', '%3D', '%23', '{x}', '{', '}', '{{var}}', '%C3%A9', 'é', '/', '?', ':', '@', '!', "'", '(', ')', '*', ',', ';', '$', '[0]', '%E2%9C%93') },
);

const queryPair = fc.oneof(
  // Repeated keys come from the small pool of names.
  fc.record({ name: fc.oneof(pick('id', 'tag', 'q', ''), joined(queryPiece, 3)), value: fc.option(joined(queryPiece, 4), { nil: undefined }) }),
  pick({ name: '', value: '' }, { name: 'tag', value: '' }, { name: 'flag', value: undefined }),
);

/** A URL as typed, with its path-parameter values: base, path (with `{id}` parameters), query, maybe a fragment. */
export function urlArb(reach: FormatReach): fc.Arbitrary<{ url: string; pathParams: { name: string; value: string }[] }> {
  return fc
    .record({
      base: pick('https://api.example.test', 'http://localhost:8080', 'https://127.0.0.1:8443', '{{baseUrl}}'),
      segments: fc.array(fc.oneof({ weight: 5, arbitrary: joined(pathPiece, 3, 1) }, { weight: 1, arbitrary: pick('{id}', 'v{id}.json') }), { maxLength: 4 }),
      trailingSlash: fc.boolean(),
      query: fc.option(fc.array(queryPair, { maxLength: 5 }), { nil: undefined }),
      // Not empty: Postman's URL model writes no `#` for an empty hash.
      fragment: reach.fragment ? fc.option(joined(fc.oneof(word, pick('/', '?', '{x}', '%20', '=', '&')), 3, 1), { nil: undefined }) : fc.constant(undefined),
      id: fc.oneof(word, pick('a b', 'ü', '42')),
    })
    .map(({ base, segments, trailingSlash, query, fragment, id }) => {
      const path = segments.map((s) => `/${s}`).join('') + (trailingSlash || segments.length === 0 ? '/' : '');
      const search = query === undefined ? '' : `?${query.map((p) => (p.value === undefined ? p.name : `${p.name}=${p.value}`)).join('&')}`;
      const url = `${base}${path}${search}${fragment === undefined ? '' : `#${fragment}`}`;
      return { url, pathParams: segments.some((s) => s.includes('{id}')) ? [{ name: 'id', value: id }] : [] };
    });
}

/** Header names: common ones (some repeated), lower case, and tokens with every tchar. */
const headerName = fc.oneof(
  pick('Accept', 'X-Dup', 'X-Dup', 'x-lower', 'Cookie', 'Cache-Control', 'If-None-Match', 'X-Request-ID'),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,10}$/),
).filter((name) => !/^(content-(type|length)|host|transfer-encoding|connection)$/i.test(name));

/** Header values: odd but legal (empty, inner runs of blanks, quotes, commas, `{{var}}`, obs-text). */
const headerValue = fc
  .oneof(
    pick('', 'a, b', 'q="x;y", r=1', 'inner   spaces', 'W/"etag"', 'application/json;q=0.9, */*;q=0.1', '{{token}}', 'café', 'a=b; c=d', "it's", '$HOME', '\\back', '%20'),
    fc.stringMatching(/^[!-~]([ -~]{0,14}[!-~])?$/),
  );

/** Headers in order, with duplicates. */
export const headersArb = fc.array(fc.record({ name: headerName, value: headerValue }), { maxLength: 5 });

/** Text body pieces: unicode, CRLF and LF, quotes, backslashes, variables. */
function textBodyArb(reach: FormatReach): fc.Arbitrary<string> {
  const pieces = fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
    { weight: 2, arbitrary: pick('\r\n', '\n', 'é', '✓', '😀', '"', "'", '\\', '{{var}}', '{x}', '  ', '\t', '<a>', '&amp;', '{"k": [1, 2]}', '# not a comment', '--') },
    // Binary-ish text: a draft body is text or a file, so bytes that are not UTF-8 have no draft to come back to.
    { weight: reach.nul ? 1 : 0, arbitrary: pick('\u0000', '\u0001\u001b[0m', '\u007f', '\u00ff\u00fe', '\f\v') },
  );
  return joined(pieces, 8, 1)
    .map((text) => (reach.lines ? text.replace(/\r\n|\r|\n/g, reach.lines.body) : text))
    .filter((text) => !reach.lines || (text.trim() !== '' && text.split('\n')[0]!.trim() !== '' && text.split('\n').at(-1)!.trim() !== ''))
    .filter((text) => reach.nul || !text.includes('\u0000'))
    .filter((text) => !reach.bodyLineAvoid || !text.split(/\r?\n/).some((line) => reach.bodyLineAvoid!.test(line)));
}

const formText = joined(fc.oneof(word, pick(' ', '&', '=', '+', '%', 'é', '✓', '{{var}}', '\r\n', '?', '#', '')), 3);

function multipartPartArb(reach: FormatReach): fc.Arbitrary<NonNullable<NonNullable<DraftInput['body']>['multipart']>[number]> {
  const name = fc.oneof(word, pick('file', 'meta data', 'ünï', 'a;b', 'x[]'));
  const textValue = joined(fc.oneof(word, pick('\r\n', '\n', 'é', '"', ';', ' ', '@at', '<lt', '{{var}}', '--')), 5)
    .map((text) => (reach.lines ? text.replace(/\r\n|\r|\n/g, reach.lines.part) : text))
    .filter((text) => !reach.lines || text === '' || text.split(reach.lines.part).at(-1)!.trim() !== '');
  const header = fc.record({ id: fc.constant('part-header'), enabled: fc.constant(true), name: pick('X-Part', 'Content-ID'), value: pick('1', '<a@b>') });
  const headers: fc.Arbitrary<HeaderRow[]> = reach.partHeaders ? fc.array(header, { maxLength: 1 }) : fc.constant([]);
  const text = fc.record({
    name,
    kind: reach.partContentType === false ? pick('text' as const) : pick('text' as const, 'json' as const),
    value: textValue,
    contentType: reach.partContentType === false ? pick('') : pick('', 'text/plain; charset=utf-8', 'application/xml'),
    base64: reach.partBase64 ? fc.boolean() : fc.constant(false),
    headers,
  });
  const file = fc.record({
    name,
    kind: pick('file' as const),
    value: fc.constant(''),
    file: pick(...ROUND_TRIP_FILES),
    contentType: reach.partContentType === false ? pick('') : pick('', 'image/png', 'application/octet-stream'),
    base64: fc.constant(false),
    headers,
  });
  return fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: file });
}

/** A body of each kind the composer has, with what the format carries. */
export function bodyArb(reach: FormatReach): fc.Arbitrary<NonNullable<DraftInput['body']>> {
  return fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: pick('json' as const, 'xml' as const, 'text' as const), text: textBodyArb(reach) }).map(({ kind, text }) => ({ kind, texts: { [kind]: text } })),
    fc.array(fc.record({ name: formText, value: formText }), { minLength: 1, maxLength: 4 }).map((form) => ({ kind: 'form' as const, form })),
    fc.array(multipartPartArb(reach), { minLength: reach.emptyMultipart ? 0 : 1, maxLength: 3 }).map((multipart) => ({ kind: 'multipart' as const, multipart })),
    ...(reach.fileBody ? [pick(...ROUND_TRIP_FILES).map((binary) => ({ kind: 'binary' as const, binary }))] : []),
  );
}

/** Auth every format carries, as its scheme or as the header it sends. */
export function authArb(reach: FormatReach): fc.Arbitrary<NonNullable<DraftInput['auth']>> {
  return fc.oneof(
  fc.constant({ scheme: 'none' as const, values: {} }),
  fc.record({ username: pick('ada', 'ünï', 'a b'), password: pick('s3cret', 'p:w', 'é', ' lead', ...(reach.basicWithVariables ? ['{{password}}'] : [])) }).map((values) => ({ scheme: 'basic' as const, values })),
  pick('t0k', 'abc.def.ghi', '{{token}}').map((token) => ({ scheme: 'bearer' as const, values: { token } })),
  fc.record({ headerName: pick('X-Api-Key', 'api_key'), key: pick('k1', 'k 2'), placement: pick('header', 'query') }).map((values) => ({ scheme: 'apikey' as const, values })),
  );
}

/** A request name: unicode, inner punctuation, and line breaks where the format keeps them. */
export function nameArb(reach: FormatReach): fc.Arbitrary<string> {
  const piece = fc.oneof(word, pick(' ', 'é', '✓', '😀', '/', '#', '"', ...(reach.multilineNames ? ['\n', '\r\n', ' '] : [])));
  // Trimmed and never blank: importers trim names, and name a request without one themselves (Postman's "Untitled request").
  return joined(piece, 5, 1).filter((name) => name.trim() !== '' && name.trim() === name && (reach.multilineNames || (!/[\r\n]/.test(name) && !/^[#/]/.test(name))));
}

/** Scripts in the format's dialect: a pre-request and a post-response one, multi-line. */
export function scriptsArb(reach: FormatReach): fc.Arbitrary<RequestScript[]> {
  if (!reach.scripts) return fc.constant([]);
  const dialect = reach.scripts;
  const line = pick('const a = 1;', 'client.global.set("t", response.body.token);', 'pm.environment.set("x", "é");', '// a comment', '  if (x) { y(); }', '');
  // A JetBrains `{% … %}` block is read trimmed: blanks at its edges are layout, not script.
  const edges = (text: string) => (dialect === 'jetbrains' ? text.trim() : text);
  // Never blank: an empty script is no script, and importers leave it out.
  const text = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => edges(lines.join('\n'))).filter((t) => t.trim() !== '');
  return fc.record({ pre: fc.option(text, { nil: undefined }), post: fc.option(text, { nil: undefined }) }).map(({ pre, post }) => [
    ...(pre === undefined ? [] : [{ phase: 'pre-request' as const, dialect, text: pre }]),
    ...(post === undefined ? [] : [{ phase: 'post-response' as const, dialect, text: post }]),
  ]);
}

/** A saved request as a collection holds it. */
export function savedRequestArb(reach: FormatReach): fc.Arbitrary<SavedRequest> {
  return fc
    .record({ method: methodArb, url: urlArb(reach), headers: headersArb, body: bodyArb(reach), auth: authArb(reach), name: nameArb(reach), scripts: scriptsArb(reach), followRedirects: fc.boolean() })
    .map(({ method, url, headers, body, auth, name, scripts, followRedirects }) => {
      const draft = normaliseDraft({ name, method, url: url.url, pathParams: url.pathParams, headers, body, auth, options: { followRedirects } });
      const request: SavedRequest = { kind: 'request', id: 'req-1', name, draft, requestType: 'http' };
      if (scripts.length > 0) request.scripts = scripts;
      return request;
    });
}

/**
 * The draft with its files "picked again", as a person does after an import: formats
 * carry a file's name, never its bytes. The name is the part's filename, the binary
 * body's file name, or the name an import warning gives ("pick the file again").
 */
export function withFilesPicked(draft: RequestDraft, warnings: readonly string[] = []): RequestDraft {
  const named = (name: string | undefined) => ROUND_TRIP_FILES.find((f) => f.name === name);
  const warned = (text: string) => ROUND_TRIP_FILES.find((f) => warnings.some((w) => w.includes(text) && w.includes(`"${f.name}"`)));
  const multipart = draft.body.multipart.map((part) => {
    if (part.kind !== 'file') return part;
    const file = named(part.filename) ?? named(part.file?.name) ?? warned(`"${part.name}"`);
    return file ? { ...part, file } : part;
  });
  const binary = draft.body.kind === 'binary' ? (named(draft.body.binary?.name) ?? warned('body')) : undefined;
  return { ...draft, body: { ...draft.body, multipart, ...(binary ? { binary } : {}) } };
}

/** The wire request of a draft in `ROUND_TRIP_ENV`; throws when the builder refuses it (the generators never should). */
export function wireOfDraft(draft: RequestDraft): WireRequest {
  const built = buildWireRequest(draft, ROUND_TRIP_ENV);
  if (!built.ok) throw new Error(`${built.error.kind}: ${built.error.message}`);
  return built.value.wire;
}

/** A wire request comparable across builds: the body's bytes as text (invalid UTF-8 as `\\xHH`), files by id and name, the boundary named. */
export function comparableWire(wire: WireRequest): { method: string; url: string; headers: string[]; body: string } {
  const boundary = /boundary=("?)([^";\s]+)\1/.exec(wire.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '')?.[2];
  const swap = (text: string) => (boundary ? text.split(boundary).join('BOUNDARY') : text);
  const encoder = new TextEncoder();
  const bytes: number[] = [];
  for (const chunk of wire.body ?? []) {
    const piece = typeof chunk === 'string' ? encoder.encode(chunk) : chunk instanceof Uint8Array ? chunk : encoder.encode(`<file ${chunk.id} ${chunk.name}>`);
    bytes.push(...piece);
  }
  let body: string;
  try {
    body = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    body = bytes.map((b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('');
  }
  return { method: wire.method, url: wire.url, headers: wire.headers.map((h) => `${h.name}: ${swap(h.value)}`), body: swap(body) };
}
