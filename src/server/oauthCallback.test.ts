/**
 * The loopback OAuth redirect target: served without a session, carrying none of the
 * redirect's data in its HTML, locked down by CSP (only its own script and style, no
 * framing), kept out of caches and referrers, and refusing anything but GET/HEAD.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './listen';

let server: RunningServer;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'wirebench-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Wirebench</title>');
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'callback-test-token-0123456789', distDir: dist });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

describe('GET /oauth/callback', () => {
  it('serves the hand-over page without a session and without echoing the code', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/oauth/callback?code=SECRET-CODE-123&state=st`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('SECRET-CODE-123');
    expect(html).toContain("history.replaceState(null, '', location.pathname)");
    expect(html).toContain('window.opener.postMessage(message, location.origin)');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
  it('refuses other methods and foreign Host names', async () => {
    const post = await fetch(`http://127.0.0.1:${server.port}/oauth/callback`, { method: 'POST', body: 'code=x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/oauth/callback?code=x&state=y', headers: { Host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});
