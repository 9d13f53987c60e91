import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWireRequest, type RequestDraft } from '../request';
import type { FileRef, WireRequest } from '../types';
import { toCurl } from './curlExport';
import { parseCurl } from './curlImport';
import { splitShellWords } from './shellWords';

const photo: FileRef = { kind: 'file', id: 'f1', name: 'photo.png', size: 4, type: 'image/png' };

/** The draft of a command, with files "picked again" from `files` by file name. */
function draftOf(command: string, files: FileRef[] = []): RequestDraft {
  const parsed = parseCurl(command);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const draft = parsed.value.draft;
  for (const part of draft.body.multipart) if (part.kind === 'file') part.file = files.find((f) => f.name === part.filename);
  return draft;
}

function wireOf(draft: RequestDraft): WireRequest {
  const built = buildWireRequest(draft, {});
  if (!built.ok) throw new Error(built.error.message);
  return built.value.wire;
}

/** A wire request comparable across builds: text chunks joined, the random multipart boundary named. */
function comparable(wire: WireRequest): unknown {
  const boundary = /boundary=([^;\s]+)/.exec(wire.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '')?.[1];
  const swap = (text: string) => (boundary ? text.split(boundary).join('BOUNDARY') : text);
  const body: (string | FileRef)[] = [];
  for (const chunk of wire.body ?? []) {
    const piece = typeof chunk === 'string' ? swap(chunk) : chunk instanceof Uint8Array ? swap(new TextDecoder().decode(chunk)) : chunk;
    if (typeof piece === 'string' && typeof body[body.length - 1] === 'string') body[body.length - 1] += piece;
    else body.push(piece);
  }
  return { method: wire.method, url: wire.url, headers: wire.headers.map((h) => ({ name: h.name, value: swap(h.value) })), body };
}

describe('toCurl', () => {
  it('writes a multipart body without parts as its bytes with its Content-Type (no -F would send no body)', () => {
    // Found by roundTrip.property.test.ts: PROPFIND with an empty multipart body came back without body or Content-Type.
    for (const method of ['POST', 'PROPFIND']) {
      const wire: WireRequest = { method, url: 'https://api.example.test/up', headers: [{ name: 'Content-Type', value: 'multipart/form-data; boundary=b' }], body: ['--b--\r\n'] };
      const command = toCurl(wire);
      expect(command).toContain("-H 'Content-Type: multipart/form-data; boundary=b' --data-binary '--b--\r\n'");
      expect(comparable(wireOf(draftOf(command)))).toEqual(comparable(wire));
    }
  });

  it('never writes ^" in a word, which the importer reads as Windows cmd (found by roundTrip.property.test.ts)', () => {
    const wire: WireRequest = { method: 'POST', url: 'https://a.test/', headers: [{ name: 'a', value: '!^"!' }, { name: 'Content-Type', value: 'application/octet-stream' }], body: [new Uint8Array([0xff, 0x5e, 0x22])] };
    const command = toCurl(wire);
    expect(command).toBe(`curl 'https://a.test/' -H $'a: !^\\"!' -H 'Content-Type: application/octet-stream' --data-binary $'\\xff^\\"'`);
    expect(comparable(wireOf(draftOf(command)))).toEqual(comparable(wire));
  });

  it('turns curl\'s URL globbing off (-g) when the URL holds braces or brackets', () => {
    // curl refuses {{name}} ("nested brace") and sends {a,b} or [1-3] as several requests.
    expect(toCurl({ method: 'GET', url: 'https://a.test/?q={{var}}&r={x}&s[0]=1', headers: [] })).toBe("curl -g 'https://a.test/?q={{var}}&r={x}&s[0]=1'");
    const back = parseCurl(toCurl({ method: 'GET', url: 'https://a.test/?q={x}', headers: [] }));
    expect(back.ok && [back.value.draft.url, back.value.warnings]).toEqual(['https://a.test/?q={x}', []]);
  });

  it('writes the method only when curl would not choose it', () => {
    expect(toCurl({ method: 'GET', url: 'https://a.test/x', headers: [] })).toBe("curl 'https://a.test/x'");
    expect(toCurl({ method: 'POST', url: 'https://a.test/', headers: [], body: ['a=1'] })).toBe("curl 'https://a.test/' --data-binary 'a=1'");
    expect(toCurl({ method: 'DELETE', url: 'https://a.test/', headers: [] })).toBe("curl -X DELETE 'https://a.test/'");
    expect(toCurl({ method: 'HEAD', url: 'https://a.test/', headers: [] })).toBe("curl --head 'https://a.test/'");
  });

  it('quotes for POSIX shells and breaks lines on request', () => {
    const wire: WireRequest = { method: 'PUT', url: 'https://a.test/it', headers: [{ name: 'X-Q', value: "it's" }, { name: 'X-Empty', value: '' }], body: ['{"a":\n1}'] };
    expect(toCurl(wire, { multiline: true, followRedirects: true, timeoutMs: 1500 })).toBe(
      "curl -X PUT 'https://a.test/it' \\\n  -H 'X-Q: it'\\''s' \\\n  -H 'X-Empty;' \\\n  --data-binary '{\"a\":\n1}' \\\n  -L \\\n  -m 1.5",
    );
  });

  it('uses --data-raw for a body starting with @, and $\'…\' or printf for bytes', () => {
    expect(toCurl({ method: 'POST', url: 'https://a.test/', headers: [], body: ['@me'] })).toContain("--data-raw '@me'");
    expect(toCurl({ method: 'POST', url: 'https://a.test/', headers: [], body: [new Uint8Array([0xff, 0x41, 0x27])] })).toContain("--data-binary $'\\xffA\\''");
    expect(toCurl({ method: 'POST', url: 'https://a.test/', headers: [], body: [new Uint8Array([0x00, 0x25, 0x41])] })).toBe("printf '\\000%%A' | curl 'https://a.test/' --data-binary @-");
  });

  it('writes a file body and file parts as @filename', () => {
    expect(toCurl({ method: 'PUT', url: 'https://a.test/', headers: [], body: [photo] })).toBe("curl -X PUT 'https://a.test/' --data-binary @photo.png");
  });

  it('replaces secrets by {{variables}} unless asked to include them', () => {
    const wire: WireRequest = { method: 'GET', url: 'https://a.test/?api_key=k1&page=2', headers: [{ name: 'Authorization', value: 'Bearer abc' }] };
    expect(toCurl(wire)).toBe("curl -g 'https://a.test/?api_key={{api_key}}&page=2' -H 'Authorization: Bearer {{Authorization}}'");
    expect(toCurl(wire, { includeSecrets: true })).toContain("-H 'Authorization: Bearer abc'");
  });

  it('redacts secret fields of JSON and form bodies', () => {
    const json: WireRequest = { method: 'POST', url: 'https://a.test/token', headers: [{ name: 'Content-Type', value: 'application/json' }], body: ['{"client_id":"c","client_secret":"s"}'] };
    expect(toCurl(json)).toContain(`--data-binary '{"client_id":"c","client_secret":"{{client_secret}}"}'`);
    const form: WireRequest = { method: 'POST', url: 'https://a.test/login', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: ['user=ada&password=pw'] };
    expect(toCurl(form)).toContain("--data-binary 'user=ada&password={{password}}'");
  });
});

describe('cURL → request → cURL', () => {
  const commands: [string, string][] = [
    ['GET with headers and a query', `curl 'https://api.example.test/items?page=2&q=a%20b' -H 'Accept: application/json' -H 'X-Trace: 1'`],
    ['JSON POST with Basic auth', `curl -u ada:s3cret https://api.example.test/items -H 'Content-Type: application/json' -d '{"name": "it\\u0027s", "n": 1}'`],
    ['form PUT', `curl -X PUT https://api.example.test/f -d 'a=1' -d 'b=two+words'`],
    ['text with quotes, newlines and unicode', `curl https://api.example.test/t -H 'Content-Type: text/plain; charset=utf-8' --data-binary $'line 1\\nit\\'s "é" ✓'`],
    ['DELETE and HEAD', `curl -X DELETE https://api.example.test/items/7`],
    ['multipart with a file, typed and quoted parts', `curl https://api.example.test/up -F 'photo=@photo.png;type=image/png' -F 'meta={"a":1};type=application/json' -F 'note="semi;colon"' -F 'plain=hello'`],
    ['a body that starts with @', `curl https://api.example.test/raw --data-raw '@not-a-file'`],
    ['bearer token and options', `curl --oauth2-bearer t0k -L -k https://api.example.test/me`],
  ];

  it.each(commands)('%s: the command written for the request sends the same request', (_label, command) => {
    const first = wireOf(draftOf(command, [photo]));
    const written = toCurl(first, { includeSecrets: true });
    const again = wireOf(draftOf(written, [photo]));
    expect(comparable(again)).toEqual(comparable(first));
  });

  it('round-trips generated requests with any header values and text bodies', () => {
    const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,12}$/).filter((n) => !/^(content-(type|length)|host|transfer-encoding)$/i.test(n));
    const value = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((v) => v.trim() === v && v !== '' && !/[\r\n\u0000]/.test(v));
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.array(fc.record({ name: token, value }), { maxLength: 4 }),
        fc.option(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((b) => !b.includes('\u0000')), { nil: undefined }),
        (method, headers, body) => {
          const wire: WireRequest = { method, url: 'https://api.example.test/p?x=1', headers: [...headers, ...(body === undefined ? [] : [{ name: 'Content-Type', value: 'text/plain' }])] };
          if (body !== undefined) wire.body = [body];
          const command = toCurl(wire, { includeSecrets: true });
          expect(splitShellWords(command).ok).toBe(true);
          expect(comparable(wireOf(draftOf(command)))).toEqual(comparable(wire));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('multipart values with spaces at either end (curl trims an unquoted -F value)', () => {
  it.each([
    ["-F 'a=A '", 'A '],
    ["-F 'a= A'", ' A'],
    ["-F 'a=\" A \";type=text/plain'", ' A '],
  ])('%s comes back with its spaces', (option, value) => {
    const draft = draftOf(`curl https://api.example.test/ --form-string 'a=${value}'`);
    expect(draft.body.multipart[0]!.value).toBe(value);
    const again = draftOf(toCurl(wireOf(draft)));
    expect(again.body.multipart[0]!.value).toBe(value);
    const typed = draftOf(`curl https://api.example.test/ ${option}`);
    expect(typed.body.multipart[0]!.value).toBe(option.includes('"') ? value : value.trim());
  });
});
