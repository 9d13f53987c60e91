import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWireRequest, type RequestDraft } from '../request';
import type { SavedRequest } from '../workspace';
import { importCurlCommands } from './curlCommandsImport';
import { toCurl } from './curlExport';
import { parseCurl } from './curlImport';

function draftOf(command: string): { draft: RequestDraft; warnings: string[] } {
  const parsed = parseCurl(command);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const headersOf = (draft: RequestDraft) => draft.headers.map((h) => `${h.name}: ${h.value}`);

/** Each imported request as "METHOD url body-text". */
function importCurlCommandsOk(text: string): string[] {
  const result = importCurlCommands(text);
  if (!result.ok) throw new Error(result.error.message);
  return (result.value.collection.items as SavedRequest[]).map((r) => `${r.draft.method} ${r.draft.url} ${r.draft.body.texts.text || r.draft.body.form.map((f) => `${f.name}=${f.value}`).join('&')}`);
}

describe('parseCurl: method, URL and headers', () => {
  it('reads -X, the URL and -H in order', () => {
    const { draft, warnings } = draftOf(`curl -X PUT 'https://api.example.test/items/7?full=1' -H 'Accept: application/json' -H "X-Trace: a b"`);
    expect(draft.method).toBe('PUT');
    expect(draft.url).toBe('https://api.example.test/items/7?full=1');
    expect(draft.query.map((q) => [q.name, q.value])).toEqual([['full', '1']]);
    expect(headersOf(draft)).toEqual(['Accept: application/json', 'X-Trace: a b']);
    expect(warnings).toEqual([]);
  });

  it('reads combined short options and values glued to their letter', () => {
    const { draft } = draftOf('curl -sSLkXPATCH -HX-A:1 https://a.test');
    expect(draft.method).toBe('PATCH');
    expect(draft.options.followRedirects).toBe(true);
    expect(draft.options.insecureTls).toBe(true);
    expect(headersOf(draft)).toEqual(['X-A: 1']);
  });

  it('takes --url, -I, -A, -e, -b, --compressed, -r and -m', () => {
    const { draft } = draftOf(`curl --url a.test/x -I -A 'UA/1' -e 'https://ref.test/;auto' -b 'a=1' -b 'b=2' --compressed -r 0-99 -m 2.5`);
    expect(draft.url).toBe('http://a.test/x');
    expect(draft.method).toBe('HEAD');
    // curl 7.88 writes its own headers before the -H ones, in this order, and joins -b values with ";".
    expect(headersOf(draft)).toEqual(['Range: bytes=0-99', 'User-Agent: UA/1', 'Accept-Encoding: deflate, gzip, br', 'Referer: https://ref.test/', 'Cookie: a=1;b=2']);
    expect(draft.options.timeoutMs).toBe(2500);
  });

  it('puts the headers curl makes from options before the -H ones, unless a -H header replaces them', () => {
    const { draft } = draftOf(`curl https://a.test -H 'X-A: 1' -e r.test -b c=1 -A ua -H 'user-agent: mine' -z 'Sun, 06 Nov 1994 08:49:37 GMT'`);
    expect(headersOf(draft)).toEqual(['Referer: r.test', 'Cookie: c=1', 'If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT', 'X-A: 1', 'user-agent: mine']);
  });

  it('reads "Name;" as an empty header and drops "Name:" (which only removes a curl default)', () => {
    expect(headersOf(draftOf(`curl https://a.test -H 'X-Empty;' -H 'Accept:'`).draft)).toEqual(['X-Empty: ']);
  });
});

describe('parseCurl: bodies', () => {
  it('joins -d values with & and sends POST as a form, like curl', () => {
    const { draft } = draftOf(`curl https://a.test -d a=1 --data 'b=x+y' --data-urlencode 'c=d&f'`);
    expect(draft.method).toBe('POST');
    expect(draft.body.kind).toBe('form');
    expect(draft.body.form.map((r) => [r.name, r.value])).toEqual([['a', '1'], ['b', 'x y'], ['c', 'd&f']]);
  });

  it('keeps non-canonical form text exactly, with the Content-Type curl would send', () => {
    const { draft } = draftOf(`curl https://a.test --data-raw 'q=a%20b'`);
    expect(draft.body.kind).toBe('text');
    expect(draft.body.texts.text).toBe('q=a%20b');
    expect(headersOf(draft)).toEqual(['Content-Type: application/x-www-form-urlencoded']);
  });

  it('puts a JSON body in the JSON editor by its Content-Type, and --json sets both headers', () => {
    const typed = draftOf(`curl https://a.test -H 'Content-Type: application/json' -d '{"a":1}'`).draft;
    expect(typed.body.kind).toBe('json');
    expect(typed.body.texts.json).toBe('{"a":1}');
    const json = draftOf(`curl https://a.test --json '{"a":' --json '1}'`).draft;
    expect(json.body.texts.json).toBe('{"a":1}');
    expect(headersOf(json)).toEqual(['Content-Type: application/json', 'Accept: application/json']);
  });

  it('moves data into the query with -G (--data-urlencode writes a space as +, as curl does since 7.77)', () => {
    const { draft } = draftOf(`curl -G https://a.test/s?x=1 -d q=wire --data-urlencode 'name=a b'`);
    expect(draft.method).toBe('GET');
    expect(draft.url).toBe('https://a.test/s?x=1&q=wire&name=a+b');
    expect(draft.body.kind).toBe('none');
  });

  it('turns a data file into a binary body to pick again, and a file among data into a placeholder', () => {
    const one = draftOf('curl https://a.test --data-binary @photo.jpg');
    expect(one.draft.body.kind).toBe('binary');
    expect(one.warnings).toEqual(['The body is the file "photo.jpg": pick the file again before sending.']);
    const mixed = draftOf('curl https://a.test -d a=1 -d @rest.txt');
    expect(mixed.draft.body.texts.text).toBe('a=1&<contents of rest.txt>');
    expect(mixed.warnings[0]).toContain('rest.txt');
  });

  it('reads -F parts: text, typed, quoted, base64, headers, and files without their bytes', () => {
    const { draft, warnings } = draftOf(
      `curl https://a.test/up -F 'photo=@"./my;pic.png";type=image/png' -F 'meta={"a":1};type=application/json' -F 'note="a;b"' --form-string 'raw=@literal' -F 'b=aGk=;encoder=base64;headers="X-P: 1"'`,
    );
    expect(draft.method).toBe('POST');
    const parts = draft.body.multipart.map((p) => ({ name: p.name, kind: p.kind, value: p.value, contentType: p.contentType, filename: p.filename, base64: p.base64, headers: p.headers.map((h) => `${h.name}: ${h.value}`) }));
    expect(parts).toEqual([
      { name: 'photo', kind: 'file', value: '', contentType: 'image/png', filename: 'my;pic.png', base64: false, headers: [] },
      { name: 'meta', kind: 'json', value: '{"a":1}', contentType: '', filename: undefined, base64: false, headers: [] },
      { name: 'note', kind: 'text', value: 'a;b', contentType: '', filename: undefined, base64: false, headers: [] },
      { name: 'raw', kind: 'text', value: '@literal', contentType: '', filename: undefined, base64: false, headers: [] },
      { name: 'b', kind: 'text', value: 'aGk=', contentType: '', filename: undefined, base64: true, headers: ['X-P: 1'] },
    ]);
    expect(draft.body.multipart[0]!.file).toBeUndefined();
    expect(warnings).toEqual(['Part "photo" is the file "./my;pic.png": pick the file again before sending.']);
  });


  it('ends an unquoted -F value at its first ; and trims it, as curl 7.88 sends it (unknown parameters left out)', () => {
    const { draft, warnings } = draftOf(`curl https://a.test/up -F "reserved=:/?#[]@!$&'()*+,;" -F 'a=x;y' -F 'g=  x  ' -F 'h= "q;r" ' -F 'i=a;;type=text/b'`);
    expect(draft.body.multipart.map((p) => [p.name, p.value, p.contentType])).toEqual([
      ['reserved', ":/?#[]@!$&'()*+,", ''],
      ['a', 'x', ''],
      ['g', 'x', ''],
      ['h', 'q;r', ''],
      ['i', 'a', 'text/b'],
    ]);
    expect(warnings).toEqual(['Part "a": "y" is not a cURL form parameter; curl leaves it out of the part, and so does Wirebench.']);
  });
  it('takes the boundary of a typed multipart Content-Type and leaves the header to the builder', () => {
    const { draft } = draftOf(`curl https://a.test -H 'Content-Type: multipart/form-data; boundary=XyZ' -F a=1`);
    expect(draft.body.boundary).toBe('XyZ');
    expect(draft.headers).toEqual([]);
  });
});

describe('parseCurl: uploads, ranges and standard input, as curl sends them', () => {
  it('appends the file name to a -T URL whose path ends in / (or is empty), %-escaped, unless it has a query', () => {
    expect(draftOf("curl -T './build/report 2025.pdf' https://files.test/up/").draft.url).toBe('https://files.test/up/report%202025.pdf');
    expect(draftOf(String.raw`curl -T 'C:\tmp\a.txt' https://files.test`).draft.url).toBe('https://files.test/a.txt');
    expect(draftOf('curl -T a.txt https://files.test/up/name.txt').draft.url).toBe('https://files.test/up/name.txt');
    expect(draftOf('curl -T a.txt "https://files.test/up/?sig=1"').draft.url).toBe('https://files.test/up/?sig=1');
    const { draft, warnings } = draftOf('curl -T a.txt https://files.test/up/');
    expect([draft.method, draft.body.kind]).toEqual(['PUT', 'binary']);
    expect(warnings).toEqual(['The body is the file "a.txt" (-T): pick the file again before sending.']);
  });

  it('pairs several -T files with the URLs in order', () => {
    const parsed = parseCurl('curl -T a.txt -T b.txt https://f.test/ https://f.test/x/');
    expect(parsed.ok && parsed.value.draft.url).toBe('https://f.test/a.txt');
    expect(parsed.ok && parsed.value.moreRequests).toBe(1);
  });

  it('sends -r as a bytes range, a lone number as an open range, and -C as a resume range', () => {
    expect(headersOf(draftOf('curl --range 600 https://a.test').draft)).toEqual(['Range: bytes=600-']);
    expect(headersOf(draftOf('curl -r 0-99 https://a.test').draft)).toEqual(['Range: bytes=0-99']);
    expect(headersOf(draftOf('curl -r -500 https://a.test').draft)).toEqual(['Range: bytes=-500']);
    expect(headersOf(draftOf('curl -r 0-9,20-29 https://a.test').draft)).toEqual(['Range: bytes=0-9,20-29']);
    expect(headersOf(draftOf('curl -C 1024 https://a.test').draft)).toEqual(['Range: bytes=1024-']);
    expect(headersOf(draftOf("curl -r 0-9 -H 'Range: bytes=5-' https://a.test").draft)).toEqual(['Range: bytes=5-']);
    expect(draftOf('curl -C - https://a.test').warnings[0]).toContain('size of the output file');
  });

  it('reads a here-document as the body of @-: -d drops line breaks, --data-binary and --json keep them', () => {
    const heredoc = (option: string, open = "<<'EOF'") => `curl https://a.test/items -H 'Content-Type: application/json' ${option} @- ${open}\n{\n  "name": "Ada"\n}\nEOF\n`;
    expect(draftOf(heredoc('-d')).draft.body.texts.json).toBe('{  "name": "Ada"}');
    expect(draftOf(heredoc('--data-binary')).draft.body.texts.json).toBe('{\n  "name": "Ada"\n}\n');
    const json = draftOf(heredoc('--json', '<<EOF'));
    expect(json.draft.body.texts.json).toBe('{\n  "name": "Ada"\n}\n');
    expect(json.warnings).toEqual([]);
  });

  it('reads <<- here-documents (leading tabs dropped), here-strings, and a command after the terminator', () => {
    const tabbed = draftOf('curl https://a.test --data-binary @- <<-END\n\tline one\n\t\tline two\n\tEND\n');
    expect(tabbed.draft.body.texts.text).toBe('line one\nline two\n');
    expect(draftOf(`curl https://a.test --data-binary @- <<< 'a=1'`).draft.body.texts.text).toBe('a=1\n');
    const both = importCurlCommandsOk('curl https://a.test/1 -d @- <<EOF\nx=1\nEOF\ncurl https://a.test/2');
    expect(both).toEqual(['POST https://a.test/1 x=1', 'GET https://a.test/2 ']);
  });

  it('url-encodes standard input for --data-urlencode name@-, and uploads it with -T -', () => {
    expect(draftOf("curl https://a.test --data-urlencode 'q@-' <<< 'a b&c'").draft.body.form.map((r) => [r.name, r.value])).toEqual([['q', 'a b&c\n']]);
    const put = draftOf('curl -T - https://a.test/up/ <<EOF\nhello\nEOF');
    expect([put.draft.method, put.draft.url, put.draft.body.kind, put.draft.body.texts.text]).toEqual(['PUT', 'https://a.test/up/', 'text', 'hello\n']);
  });

  it('says when standard input is a file or a here-document is never closed', () => {
    const file = draftOf('curl https://a.test --data-binary @- < body.json');
    expect(file.draft.body.kind).toBe('binary');
    expect(file.warnings).toEqual(['The body is the file "body.json": pick the file again before sending.']);
    const open = draftOf('curl https://a.test --data-binary @- <<EOF\nabc\n');
    expect(open.draft.body.texts.text).toBe('abc\n');
    expect(open.warnings).toEqual(['The here-document <<EOF is never closed by a line "EOF"; its body runs to the end of the text, as bash reads it.']);
  });

  it('skips output redirections instead of stopping at them', () => {
    const { draft, warnings } = draftOf('curl https://a.test > out.json 2>&1 -H "A: 1"');
    expect(headersOf(draft)).toEqual(['A: 1']);
    expect(warnings).toEqual([]);
  });
});

describe('parseCurl: a typed multipart Content-Type with -F', () => {
  it('keeps the given subtype and its parameters and adds the boundary, as curl does', () => {
    const { draft } = draftOf(`curl https://a.test -H 'Content-Type: multipart/related; type="application/json"' -F 'meta={};type=application/json' -F 'file=@a.png'`);
    expect(draft.body.kind).toBe('multipart');
    expect(headersOf(draft)).toEqual([`Content-Type: multipart/related; type="application/json"; boundary=${draft.body.boundary}`]);
  });

  it('sends that header once and a body cut by the same boundary', () => {
    const { draft } = draftOf(`curl https://a.test -H 'Content-Type: multipart/related; type="application/json"' -F 'meta={"a":1};type=application/json'`);
    const wire = buildWireRequest(draft, {});
    if (!wire.ok) throw new Error(wire.error.message);
    const types = wire.value.wire.headers.filter((h) => h.name.toLowerCase() === 'content-type').map((h) => h.value);
    expect(types).toEqual([`multipart/related; type="application/json"; boundary=${draft.body.boundary}`]);
    const body = (wire.value.wire.body ?? []).map((chunk) => (typeof chunk === 'string' ? chunk : '')).join('');
    expect(body.startsWith(`--${draft.body.boundary}\r\n`)).toBe(true);
  });

  it('uses a boundary given with the subtype for the body too', () => {
    const { draft } = draftOf(`curl https://a.test -H 'Content-Type: multipart/mixed; boundary=XyZ' -F a=1`);
    expect(draft.body.boundary).toBe('XyZ');
    expect(headersOf(draft)).toEqual(['Content-Type: multipart/mixed; boundary=XyZ']);
  });
});

describe('parseCurl: auth and options', () => {
  it('maps -u to Basic and --oauth2-bearer to Bearer', () => {
    expect(draftOf('curl -u ada:pa:ss https://a.test').draft.auth).toEqual({ scheme: 'basic', values: { username: 'ada', password: 'pa:ss' } });
    expect(draftOf('curl --oauth2-bearer tok https://a.test').draft.auth).toEqual({ scheme: 'bearer', values: { token: 'tok' } });
    const noPassword = draftOf('curl -u ada https://a.test');
    expect(noPassword.warnings[0]).toContain('no password');
  });

  it('does not send Basic credentials meant for Digest', () => {
    const { draft, warnings } = draftOf('curl --digest -u ada:pw https://a.test');
    expect(draft.auth.scheme).toBe('none');
    expect(warnings[0]).toContain('Digest authentication is not supported');
  });
});

describe('parseCurl: what it cannot carry over', () => {
  it('warns about unknown and unsupported options and keeps going', () => {
    const { draft, warnings } = draftOf('curl --frobnicate -x http://proxy:3128 -o out.txt -w "%{http_code}" https://a.test');
    expect(draft.url).toBe('https://a.test');
    expect(warnings).toEqual(['Unknown cURL option --frobnicate was ignored.', '-x http://proxy:3128 was ignored: the relay connects directly, without a proxy.']);
  });

  it('reads only the first command and says where it stopped', () => {
    const { draft, warnings } = draftOf('curl https://a.test/?a=1&b=2');
    expect(draft.url).toBe('https://a.test/?a=1');
    expect(warnings[0]).toContain('unquoted "&" at line 1, column 25');
  });

  it('reads the curl side of a pipeline, and what printf, echo or cat give it as standard input', () => {
    const printf = draftOf(String.raw`printf 'a\000%%b\n%s' 'c d' | curl https://a.test --data-binary @-`);
    expect([printf.draft.url, printf.draft.body.texts.text, printf.warnings]).toEqual(['https://a.test', 'a\u0000%b\nc d', []]);
    expect(draftOf(`echo '{"a": 1}' | curl https://a.test --json @-`).draft.body.texts.json).toBe('{"a": 1}\n');
    expect(draftOf(String.raw`echo -ne 'x\ty' | curl https://a.test --data-binary @-`).draft.body.texts.text).toBe('x\ty');
    expect(draftOf('cat body.json | curl https://a.test --data-binary @-').warnings).toEqual(['The body is the file "body.json": pick the file again before sending.']);
    const unknown = draftOf('gzip -c body | curl https://a.test --data-binary @-');
    expect(unknown.warnings).toContain('The output of gzip piped into curl (its standard input) was not read.');
    expect(draftOf(String.raw`printf '\377' | curl https://a.test --data-binary @-`).warnings).toContain('The output of printf piped into curl (its standard input) was not read.');
  });

  it('gives back the body toCurl pipes in from printf (bodies with NUL bytes)', () => {
    const command = toCurl({ method: 'POST', url: 'https://a.test/', headers: [], body: [new Uint8Array([0x00, 0x25, 0x41, 0x0a, 0x5c])] });
    const { draft, warnings } = draftOf(command);
    expect([draft.method, draft.body.texts.text, warnings]).toEqual(['POST', '\u0000%A\n\\', []]);
  });

  it('accepts a prompt, sudo and curl.exe', () => {
    expect(draftOf('$ curl https://a.test').draft.url).toBe('https://a.test');
    expect(draftOf('sudo /usr/bin/curl https://a.test').draft.url).toBe('https://a.test');
    expect(draftOf('curl.exe https://a.test').draft.url).toBe('https://a.test');
  });
});

describe('parseCurl: failures', () => {
  it('gives the position of an unterminated quote', () => {
    const parsed = parseCurl(`curl https://a.test \\\n  -H 'Accept: */*`);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.kind).toBe('curl-unterminated-quote');
    expect(parsed.error.position).toMatchObject({ line: 2, column: 6 });
    expect(parsed.error.message).toContain('line 2, column 6');
  });

  it('refuses what is not curl and a command without URL', () => {
    const wget = parseCurl('wget https://a.test');
    expect(!wget.ok && wget.error.message).toBe('This is not a cURL command: it starts with "wget", not "curl".');
    const noUrl = parseCurl('curl -H "A: b"');
    expect(!noUrl.ok && noUrl.error.kind).toBe('curl-no-url');
    expect(!parseCurl('   ').ok).toBe(true);
  });

  it('never throws, whatever it is given', () => {
    const curlish = fc.array(
      fc.oneof(
        fc.constantFrom('-X', '-H', '-d', '-F', '-u', '-G', '--json', '--data-urlencode', "'", '"', "$'", '\\', '\\\n', '^', '^"', '|', '-', '--', '@', ';type=', '=', '@-', 'https://a.test'),
        fc.string(),
      ),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), curlish.map((parts) => `curl ${parts.join(' ')}`)), (command) => {
        const parsed = parseCurl(command);
        expect(typeof parsed.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});
