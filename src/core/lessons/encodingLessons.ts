/**
 * Lessons on request encodings (spec §4.3) and on what the utilities show about
 * responses: content encodings, redirects, cookies, large bodies, previews.
 */
import type { Lesson } from './lesson';

const BOUNDARY = 'WirebenchLessonBoundary';
/** base64 of "Hello, multipart!\n", and its SHA-256. */
const FILE_BASE64 = 'SGVsbG8sIG11bHRpcGFydCEK';
const FILE_SHA256 = '536be769c13d4c86f1c904f5c4652862e071c50db139749f540f6831d3c13c73';

function multipartBody(sha256: string): string {
  return [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="metadata"',
    'Content-Type: application/json',
    '',
    JSON.stringify({ title: 'greeting', sha256 }),
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="hello.txt"',
    'Content-Type: text/plain',
    'Content-Transfer-Encoding: base64',
    '',
    FILE_BASE64,
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');
}

const multipartHeaders = [{ name: 'Content-Type', value: `multipart/form-data; boundary=${BOUNDARY}` }];

/** Encodings, one endpoint each. */
export const ENCODING_LESSONS: readonly Lesson[] = [
  {
    id: 'encoding-json',
    group: 'Encodings',
    title: 'application/json, and numbers too big for JavaScript',
    convention: 'Spec §4.3 application/json',
    teaches: 'Arrays keep their order, object members have none. An id beyond 2^53 loses digits in a JavaScript client: send such ids as strings.',
    lookAt: 'value.id as decoded, and the note naming 12345678901234567890.',
    request: { method: 'POST', url: '/sandbox/encodings/json', headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{\n  "id": 12345678901234567890,\n  "tags": ["second", "first"]\n}' },
    expectedStatus: 200,
  },
  {
    id: 'encoding-form',
    group: 'Encodings',
    title: 'A form body: "+" is a space here',
    convention: 'Spec §4.3 application/x-www-form-urlencoded',
    teaches: 'In form encoding "+" means a space and a literal plus is sent as %2B; %20 is a space everywhere.',
    lookAt: 'pairs[]: raw against decoded, with a note on each change.',
    request: { method: 'POST', url: '/sandbox/encodings/form', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: 'q=a+b&sum=1%2B1&space=a%20b' },
    expectedStatus: 200,
  },
  {
    id: 'encoding-path',
    group: 'Encodings',
    title: 'A path segment: "+" stays a plus',
    convention: 'Spec §4.3 (path segment)',
    teaches: 'In a path segment "+" is a literal plus, while the query beside it is read with form decoding.',
    lookAt: 'segment.decoded "a+b c" against query value "a b".',
    request: { method: 'GET', url: '/sandbox/encodings/path/a+b%20c?q=a+b', headers: [] },
    expectedStatus: 200,
  },
  {
    id: 'encoding-multipart',
    group: 'Encodings',
    title: 'multipart/form-data: JSON plus a base64 file',
    convention: 'Spec §4.3 multipart/form-data',
    teaches: 'One request carries structured data and a file. Each part has its own Content-Type; the file part is base64 (Content-Transfer-Encoding) and the server checks its SHA-256.',
    lookAt: 'parts[]: each Content-Type, the file decoded to 18 bytes, verification.matches true.',
    request: { method: 'POST', url: '/sandbox/encodings/multipart', headers: multipartHeaders, body: multipartBody(FILE_SHA256) },
    expectedStatus: 200,
  },
  {
    id: 'encoding-multipart-mismatch',
    group: 'Encodings',
    title: 'multipart with a wrong checksum',
    convention: 'Spec §4.3 multipart/form-data; §7 422',
    teaches: 'The same upload with a hash that does not match the decoded file is refused as unprocessable.',
    lookAt: 'verification: expected against actual.',
    request: { method: 'POST', url: '/sandbox/encodings/multipart', headers: multipartHeaders, body: multipartBody('0'.repeat(64)) },
    expectedStatus: 422,
  },
];

/** What the utilities show about responses. */
export const UTILITY_LESSONS: readonly Lesson[] = [
  {
    id: 'echo',
    group: 'Utilities',
    title: 'The echo: what arrived',
    convention: 'Spec §4.4 (one URL, many queries)',
    teaches: '/sandbox/anything answers with exactly what the server received: method, headers in order, query with repeated keys.',
    lookAt: 'args.id is a list; headerList keeps order and duplicates.',
    request: { method: 'GET', url: '/sandbox/anything?id=1&id=2&q=a+b', headers: [{ name: 'X-Trace', value: 'one' }, { name: 'X-Trace', value: 'two' }] },
    expectedStatus: 200,
  },
  {
    id: 'gzip',
    group: 'Utilities',
    title: 'A gzip-encoded answer',
    convention: 'RFC 9110 §8.4 Content-Encoding',
    teaches: 'Content-Encoding: gzip compresses the body on the wire; Content-Length counts compressed bytes.',
    lookAt: 'Content-Encoding and Content-Length against X-Decoded-Length.',
    request: { method: 'GET', url: '/sandbox/gzip', headers: [{ name: 'Accept-Encoding', value: 'gzip' }] },
    expectedStatus: 200,
  },
  {
    id: 'brotli',
    group: 'Utilities',
    title: 'A Brotli-encoded answer',
    convention: 'RFC 7932; RFC 9110 §8.4',
    teaches: 'The same with br, usually smaller than gzip.',
    lookAt: 'Content-Length compared with the gzip lesson.',
    request: { method: 'GET', url: '/sandbox/brotli', headers: [{ name: 'Accept-Encoding', value: 'br' }] },
    expectedStatus: 200,
  },
  {
    id: 'redirects',
    group: 'Utilities',
    title: 'A chain of redirects',
    convention: 'RFC 9110 §15.4',
    teaches: 'Each hop answers 302 with a Location; a client that follows them ends at the echo.',
    lookAt: 'Location of each hop, and how many hops your client followed.',
    request: { method: 'GET', url: '/sandbox/redirect/3', headers: [] },
    expectedStatus: 302,
  },
  {
    id: 'cookies',
    group: 'Utilities',
    title: 'Several Set-Cookie lines',
    convention: 'RFC 6265 §3, §4.1',
    teaches: 'Set-Cookie cannot be folded into one comma list, so each cookie has its own line with its attributes.',
    lookAt: 'Two Set-Cookie headers with Path, Max-Age, HttpOnly and SameSite.',
    request: { method: 'GET', url: '/sandbox/cookies/set?theme=dark&lang=en', headers: [] },
    expectedStatus: 200,
  },
  {
    id: 'cookie-login',
    group: 'Utilities',
    title: 'A cookie login: the session is set on the redirect',
    convention: 'RFC 6265bis §5.7, §5.8.3; RFC 9110 §15.4.4 (303)',
    teaches:
      'The 303 after a login carries the session cookie, so a client must store Set-Cookie from every hop. Turn on Follow redirects: the jar stores sid, __Host-csrf and the SameSite=Strict prefs on the 303 and the welcome hop already sends them. Then GET /sandbox/cookies/me, delete sid in the Cookies panel, and ask again: 401.',
    lookAt: 'Three Set-Cookie lines on the 303 (Path, HttpOnly, the __Host- rules, SameSite=Strict); the Cookies panel after the send, and What will be sent for /sandbox/cookies/me.',
    request: { method: 'POST', url: '/sandbox/cookies/login', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: 'user=ada&password=lovelace' },
    expectedStatus: 303,
  },
  {
    id: 'large-json',
    group: 'Utilities',
    title: 'A 1 MiB JSON document, streamed',
    convention: 'Spec §4.3 application/json',
    teaches: 'A large generated document arrives in chunks; try 10 or 100 in the URL to see how the viewer copes.',
    lookAt: 'Transfer-Encoding: chunked and the size of the body.',
    request: { method: 'GET', url: '/sandbox/json/1', headers: [] },
    expectedStatus: 200,
  },
  {
    id: 'html-preview',
    group: 'Utilities',
    title: 'HTML that tries to run script',
    convention: 'Wirebench security model',
    teaches: 'The page carries a <script> and an onerror handler. The preview renders it without running either.',
    lookAt: 'The preview heading still says "Script did not run".',
    request: { method: 'GET', url: '/sandbox/html', headers: [] },
    expectedStatus: 200,
  },
  {
    id: 'image',
    group: 'Utilities',
    title: 'A small PNG',
    convention: 'RFC 9110 §8.3 Content-Type',
    teaches: 'A binary body is shown by its Content-Type, not guessed from its bytes.',
    lookAt: 'Content-Type: image/png and the image preview.',
    request: { method: 'GET', url: '/sandbox/image.png', headers: [] },
    expectedStatus: 200,
  },
  {
    id: 'delay',
    group: 'Utilities',
    title: 'A slow answer',
    convention: 'Timings',
    teaches: 'The server waits two seconds before answering: time to first byte grows, download does not.',
    lookAt: 'The timing breakdown.',
    request: { method: 'GET', url: '/sandbox/delay/2000', headers: [] },
    expectedStatus: 200,
  },
];
