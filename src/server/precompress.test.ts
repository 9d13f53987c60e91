import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './listen';
import { chooseEncoding, precompressDirectory } from './precompress';

describe('chooseEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['gzip;q=0.5, identity', 'identity'],
    ['identity', 'identity'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP ; Q=0.9', 'gzip'],
    ['br;q=2, gzip;q=0.4', 'gzip'],
    ['br;q=abc', 'identity'],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it('offers only the copies that exist', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('*', [])).toBe('identity');
  });
});

/** A GET over loopback with the raw body (no client-side decoding). */
function get(url: string, acceptEncoding?: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving precompressed assets', () => {
  let dist: string;
  let server: RunningServer;
  const script = `export const greeting = ${JSON.stringify('hello, wire '.repeat(500))};\n`;
  const html = `<!doctype html><html><head><title>Wirebench</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'wirebench-precompress-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), html);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), script);
    await writeFile(path.join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await precompressDirectory(dist);
    server = await startServer({ port: 0, host: '127.0.0.1', token: 'precompress-token', distDir: dist });
  });
  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('writes .br and .gz beside compressible files of some size, and leaves maps and tiny files alone', async () => {
    const exists = (f: string) => stat(path.join(dist, f)).then(() => true, () => false);
    expect(await exists('assets/index-abc123.js.br')).toBe(true);
    expect(await exists('assets/index-abc123.js.gz')).toBe(true);
    expect(await exists('index.html.br')).toBe(true);
    expect(await exists('assets/index-abc123.js.map.br')).toBe(false);
    expect(await exists('assets/tiny-abc123.js.br')).toBe(false);
    expect(brotliDecompressSync(await readFile(path.join(dist, 'assets/index-abc123.js.br'))).toString()).toBe(script);
  });

  const asset = () => `${server.origin}/assets/index-abc123.js`;

  it('sends brotli when it is allowed, with its length, Content-Encoding and Vary', async () => {
    const res = await get(asset(), 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('follows q-values: gzip when brotli is less wanted', async () => {
    const res = await get(asset(), 'br;q=0.2, gzip;q=0.9');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the file as it is when the header is absent, or asks for identity, or refuses both codings', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await get(asset(), header);
      expect(res.headers['content-encoding'], String(header)).toBeUndefined();
      expect(res.headers.vary, String(header)).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(script));
      expect(res.body.toString()).toBe(script);
    }
  });

  it('reads `*` as any coding not named', async () => {
    expect((await get(asset(), '*')).headers['content-encoding']).toBe('br');
    expect((await get(asset(), 'br;q=0, *')).headers['content-encoding']).toBe('gzip');
    expect((await get(asset(), '*;q=0, identity')).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the chosen variant’s headers and no body', async () => {
    const res = await get(asset(), 'br', 'HEAD');
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe((await stat(path.join(dist, 'assets/index-abc123.js.br'))).size);
    expect(res.body.length).toBe(0);
  });

  it('caches hashed assets for good and has the index page revalidated, compressed too', async () => {
    expect((await get(asset(), 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get(`${server.origin}/`, 'gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(gunzipSync(page.body).toString()).toBe(html);
    expect((await get(`${server.origin}/favicon.svg`, 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('serves files without copies as they are, without Vary', async () => {
    const res = await get(`${server.origin}/assets/tiny-abc123.js`, 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.toString()).toBe('export {};\n');
  });
});
