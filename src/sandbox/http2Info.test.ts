import { mkdtemp, rm } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Http2InfoAnswer } from './http2Info';
import { startHttpsSandbox, type RunningHttpsSandbox } from './tls';

let dir = '';
let sandbox: RunningHttpsSandbox;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-sandbox-h2-'));
  sandbox = await startHttpsSandbox({ port: 0, host: '127.0.0.1', dataDir: dir });
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

function overHttp2(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(sandbox.origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':path': pathname, 'x-first': '1', 'x-second': '2' });
    let body = '';
    let status = 0;
    stream.setEncoding('utf8');
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status, body });
    });
    stream.on('error', reject);
  });
}

function overHttp1(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(`${sandbox.origin}${pathname}`, { rejectUnauthorized: false, agent: false, ALPNProtocols: ['http/1.1'] } as https.RequestOptions, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('the HTTPS sandbox speaks h2 and http/1.1 on one port', () => {
  it('answers /sandbox/http2/info over HTTP/2 with the pseudo-headers it saw, apart and in order', async () => {
    const { status, body } = await overHttp2('/sandbox/http2/info');
    expect(status).toBe(200);
    const info = JSON.parse(body) as Http2InfoAnswer;
    expect(info).toMatchObject({ protocol: 'HTTP/2', alpn: 'h2' });
    expect(info.pseudoHeaders.map((h) => h.name).sort()).toEqual([':authority', ':method', ':path', ':scheme']);
    expect(info.pseudoHeaders).toContainEqual({ name: ':path', value: '/sandbox/http2/info' });
    expect(info.headers.map((h) => h.name)).toEqual(['x-first', 'x-second']);
    expect(info.tryHttp2).toBeUndefined();
  });

  it('answers the same path over HTTP/1.1, saying how to get HTTP/2; other sandbox routes work over both', async () => {
    const { status, body } = await overHttp1('/sandbox/http2/info');
    expect(status).toBe(200);
    const info = JSON.parse(body) as Http2InfoAnswer;
    expect(info).toMatchObject({ protocol: 'HTTP/1.1', alpn: 'http/1.1', pseudoHeaders: [] });
    expect(info.tryHttp2).toContain(`${sandbox.origin}/sandbox/http2/info`);
    expect((await overHttp2('/sandbox/status/201')).status).toBe(201);
    expect((await overHttp1('/sandbox/status/201')).status).toBe(201);
  });
});
