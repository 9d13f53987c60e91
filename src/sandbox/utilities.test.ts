import http from 'node:http';
import { brotliDecompressSync, crc32, gunzipSync, inflateSync } from 'node:zlib';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, statusInfo } from '../core';
import { generatedItem } from './largeJson';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

describe('/status/{code}', () => {
  it('answers the code with its registered reason and the headers it calls for', async () => {
    const teapot = await sb.call('/sandbox/status/418');
    expect(teapot.status).toBe(418);
    expect(teapot.json.title).toBe(statusInfo(418).reason);
    expect((await sb.call('/sandbox/status/401')).headers['www-authenticate']).toBe('Basic realm="sandbox"');
    expect((await sb.call('/sandbox/status/405')).headers.allow).toBe('GET, HEAD');
    expect((await sb.call('/sandbox/status/429')).headers['retry-after']).toBe('5');
    expect((await sb.call('/sandbox/status/307')).headers.location).toBe('/sandbox/anything');
    const noContent = await sb.call('/sandbox/status/204');
    expect([noContent.status, noContent.body.length]).toEqual([204, 0]);
    expect((await sb.call('/sandbox/status/299')).status).toBe(299);
  });

  it('refuses codes it cannot answer', async () => {
    for (const code of ['100', '600', '20', 'abc']) expect((await sb.call(`/sandbox/status/${code}`)).status, code).toBe(400);
  });
});

describe('/delay/{ms}', () => {
  it('answers after the delay, refuses more than 60 s, and stops waiting when the client leaves', async () => {
    const started = Date.now();
    const answer = await sb.call('/sandbox/delay/150');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.json.delayedMs).toBe(150);
    expect((await sb.call('/sandbox/delay/60001')).status).toBe(400);
    const url = new URL('/sandbox/delay/60000', sb.origin);
    await new Promise<void>((resolve) => {
      const req = http.get({ host: url.hostname, port: url.port, path: url.pathname }, () => undefined);
      req.on('error', () => resolve());
      setTimeout(() => req.destroy(), 50);
    });
    expect((await sb.call('/sandbox/status/200')).status).toBe(200);
  });
});

describe('/bytes/{n} and /json/{megabytes}', () => {
  it('streams exactly n bytes', async () => {
    expect((await sb.call('/sandbox/bytes/100000')).body.length).toBe(100000);
    expect((await sb.call('/sandbox/bytes/-1')).status).toBe(400);
  });

  it('streams a valid JSON document close to the asked size, the same every time', async () => {
    const a = await sb.call('/sandbox/json/0.5');
    const target = 0.5 * 1024 * 1024;
    expect(a.headers['transfer-encoding']).toBe('chunked');
    expect(a.body.length).toBeLessThanOrEqual(target);
    expect(a.body.length).toBeGreaterThan(target - 2000);
    const parsed = parseJson(a.text);
    expect(parsed.ok).toBe(true);
    const doc = JSON.parse(a.text);
    expect(doc.count).toBe(doc.items.length);
    expect(doc.items[0]).toEqual(generatedItem(0));
    expect(doc.items[1]).toMatchObject({ id: 2, customer: { address: { city: expect.any(String) } }, lines: expect.any(Array) });
    expect((await sb.call('/sandbox/json/0.5')).body.equals(a.body)).toBe(true);
  });

  it('refuses sizes outside (0, 1024] MiB', async () => {
    for (const size of ['0', '1025', 'x', '-1']) expect((await sb.call(`/sandbox/json/${size}`)).status, size).toBe(400);
  });

  it('?rate= paces the same document: an unpaced copy started after its first bytes has all arrived while it has not', async () => {
    const paced = await sb.call('/sandbox/json/0.5?rate=4');
    expect(paced.body.equals((await sb.call('/sandbox/json/0.5')).body)).toBe(true);
    // 2 MiB at 0.25 MiB/s is owed over 8 s; the same 2 MiB unpaced takes a moment. Order, not time, is checked.
    const state = await new Promise<{ pacedBytes: number; pacedEnded: boolean; unpacedBytes: number }>((resolve, reject) => {
      const req = http.get(new URL('/sandbox/json/2?rate=0.25', sb.origin), (res) => {
        let pacedBytes = 0;
        let pacedEnded = false;
        res.on('data', (chunk: Buffer) => (pacedBytes += chunk.length));
        res.once('end', () => (pacedEnded = true));
        res.once('data', () => {
          sb.call('/sandbox/json/2').then((unpaced) => {
            resolve({ pacedBytes, pacedEnded, unpacedBytes: unpaced.body.length });
            req.destroy();
          }, reject);
        });
      });
      req.on('error', reject);
    });
    expect(state.pacedEnded).toBe(false);
    expect(state.pacedBytes).toBeGreaterThan(0);
    expect(state.pacedBytes).toBeLessThan(state.unpacedBytes);
    for (const rate of ['0', '0.001', '2000', 'fast']) {
      const answer = await sb.call(`/sandbox/json/1?rate=${rate}`);
      expect(answer.status, rate).toBe(400);
      expect(answer.text, rate).toContain('MiB per second');
    }
  });
});

describe('redirects', () => {
  it('/redirect/{n} walks n hops to the echo, keeping ?status', async () => {
    let path = '/sandbox/redirect/3?status=307';
    const statuses: number[] = [];
    for (let hops = 0; hops < 5; hops++) {
      const answer = await sb.call(path);
      statuses.push(answer.status);
      if (!answer.headers.location) break;
      path = answer.headers.location;
    }
    expect(statuses).toEqual([307, 307, 307, 200]);
    expect((await sb.call('/sandbox/redirect/0')).status).toBe(400);
    expect((await sb.call('/sandbox/redirect/2?status=200')).status).toBe(400);
  });

  it('/redirect-to only sends to sandbox paths', async () => {
    const ok = await sb.call('/sandbox/redirect-to?url=/sandbox/anything&status=303');
    expect([ok.status, ok.headers.location]).toEqual([303, '/sandbox/anything']);
    const kept = await sb.call(`/sandbox/redirect-to?url=${encodeURIComponent('/sandbox/anything?x=1&y=2')}`);
    expect([kept.status, kept.headers.location]).toEqual([302, '/sandbox/anything?x=1&y=2']);
    for (const target of ['https://evil.example/', '//evil.example/sandbox', '/api/relay', '/sandbox/../api', '/\\evil.example']) {
      expect((await sb.call(`/sandbox/redirect-to?url=${encodeURIComponent(target)}`)).status, target).toBe(400);
    }
  });
});

describe('cookies', () => {
  it('sets one Set-Cookie line per cookie, with attributes', async () => {
    const answer = await sb.call('/sandbox/cookies/set?theme=dark&lang=en');
    const lines = answer.rawHeaders.filter(([n]) => n.toLowerCase() === 'set-cookie').map(([, v]) => v);
    expect(lines).toEqual(['theme=dark; Path=/sandbox; Max-Age=3600; HttpOnly; SameSite=Lax', 'lang=en; Path=/sandbox; Max-Age=3600; HttpOnly; SameSite=Lax']);
    expect((await sb.call('/sandbox/cookies/set?bad=a%20b')).status).toBe(400);
    expect((await sb.call('/sandbox/cookies/set')).status).toBe(400);
  });

  it('shows the cookies sent and expires them on delete', async () => {
    expect((await sb.call('/sandbox/cookies', { headers: { Cookie: 'theme=dark; lang=en' } })).json.cookies).toEqual({ theme: 'dark', lang: 'en' });
    const deleted = await sb.call('/sandbox/cookies/delete?theme');
    expect(deleted.headers['set-cookie']).toEqual(['theme=; Path=/sandbox; Max-Age=0']);
  });
});

describe('representations', () => {
  it('sends gzip and br content-encoded JSON', async () => {
    const gzip = await sb.call('/sandbox/gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString()).encoding).toBe('gzip');
    const br = await sb.call('/sandbox/brotli');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).encoding).toBe('br');
    expect(Number(br.headers['x-decoded-length'])).toBeGreaterThan(br.body.length);
  });

  it('serves HTML with script and an onerror handler, inert by its own CSP', async () => {
    const page = await sb.call('/sandbox/html');
    expect(page.text).toContain('<script>');
    expect(page.text).toContain('onerror=');
    expect(page.headers['content-security-policy']).toBe('sandbox');
  });

  it('serves well-formed XML and a valid PNG', async () => {
    expect(XMLValidator.validate((await sb.call('/sandbox/xml')).text)).toBe(true);
    const png = (await sb.call('/sandbox/image.png')).body;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    let offset = 8;
    const chunks: string[] = [];
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('ascii', offset + 4, offset + 8);
      const crc = png.readUInt32BE(offset + 8 + length);
      expect(crc32(png.subarray(offset + 4, offset + 8 + length)) >>> 0).toBe(crc);
      if (type === 'IDAT') expect(inflateSync(png.subarray(offset + 8, offset + 8 + length)).length).toBe(16 * (1 + 16 * 3));
      chunks.push(type);
      offset += 12 + length;
    }
    expect(chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
  });
});

describe('the sandbox itself', () => {
  it('answers unknown paths with a 404 problem and unknown methods with 405 and Allow', async () => {
    const missing = await sb.call('/sandbox/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json');
    const wrongMethod = await sb.call('/sandbox/encodings/json');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST, OPTIONS');
    expect((await sb.call('/sandbox/encodings/json', { method: 'OPTIONS' })).status).toBe(204);
  });

  it('reports whether the HTTPS sandbox runs', async () => {
    expect((await sb.call('/sandbox/tls')).json.https).toBe(false);
  });
});
