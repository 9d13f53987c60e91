import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestCredentials, RelayRequestMeta } from '../core';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';

/** http-auth (a real Digest server not written here): MD5 and MD5-sess, qop auth or none. */
interface HttpAuthDigest {
  check(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): http.RequestListener;
}
const httpAuth = createRequire(import.meta.url)('http-auth') as {
  digest(options: { realm: string; algorithm?: string; qop?: string }, checker: (user: string, done: (ha1: string) => void) => void): HttpAuthDigest;
};

const TOKEN = 'test-token-relay-digest';
const USER: DigestCredentials = { username: 'simon', password: 's3cret pass' };
let wb: RunningServer;
const servers: http.Server[] = [];

function listen(server: http.Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** An http-auth Digest server on loopback that knows USER. */
function httpAuthServer(options: { algorithm?: string; qop?: string }): Promise<string> {
  const realm = 'http-auth test';
  const digest = httpAuth.digest({ realm, ...options }, (user, done) => done(user === USER.username ? createHash('md5').update(`${user}:${realm}:${USER.password}`).digest('hex') : ''));
  return listen(
    http.createServer(
      digest.check((req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(`hello ${String((req as { user?: string }).user)}`);
      }),
    ),
  );
}

const send = (meta: Omit<RelayRequestMeta, 'method' | 'headers'> & Partial<RelayRequestMeta>, body?: Buffer) =>
  callRelay({ method: 'GET', headers: [], ...meta }, { base: wb.origin, token: TOKEN, collect: true, ...(body ? { body } : {}) });

const authorizationSent = (headText: string) => /^Authorization: (.*)$/im.exec(headText)?.[1] ?? '';

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
});

afterAll(async () => {
  await wb.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('relay Digest against http-auth', () => {
  it('answers an MD5 challenge once: the 401 as a hop, then 200, nc unquoted; the next request answers at once with nc=00000002', async () => {
    const target = await httpAuthServer({});
    const first = await send({ url: `${target}/a`, digest: USER });
    expect(first.error).toBeUndefined();
    expect(first.head?.status).toBe(200);
    expect(first.body?.toString()).toBe('hello simon');
    expect(first.hops).toHaveLength(1);
    expect(first.hops[0]).toMatchObject({ kind: 'digest', status: 401 });
    expect(first.hops[0]!.note).toContain('MD5, qop=auth, nc=00000001');
    expect(first.summary?.auth).toMatchObject({ scheme: 'Digest', outcome: 'answered' });
    const sent = authorizationSent(first.summary!.sent.headText);
    expect(sent).toMatch(/^Digest username="simon", realm="http-auth test", uri="\/a", algorithm=MD5, nonce="[0-9a-f]+", nc=00000001, cnonce="[0-9a-f]+", qop=auth, response="[0-9a-f]{32}"$/);

    const second = await send({ url: `${target}/b`, digest: USER });
    expect(second.head?.status).toBe(200);
    expect(second.hops).toHaveLength(0);
    expect(authorizationSent(second.summary!.sent.headText)).toContain('nc=00000002');
  });

  it('answers MD5-sess', async () => {
    const target = await httpAuthServer({ algorithm: 'MD5-sess' });
    const result = await send({ url: `${target}/sess`, digest: USER });
    expect(result.head?.status).toBe(200);
    expect(authorizationSent(result.summary!.sent.headText)).toContain('algorithm=MD5-sess');
  });

  it('sends no qop, nc or cnonce when the server offers none (RFC 2069)', async () => {
    const target = await httpAuthServer({ qop: 'none' });
    const result = await send({ url: `${target}/old`, digest: USER });
    expect(result.head?.status).toBe(200);
    expect(authorizationSent(result.summary!.sent.headText)).not.toMatch(/qop=|nc=|cnonce=/);
  });

  it('a wrong password: the second 401 is final and explained', async () => {
    const target = await httpAuthServer({});
    const result = await send({ url: `${target}/wrong`, digest: { ...USER, password: 'nope' } });
    expect(result.error).toBeUndefined();
    expect(result.head?.status).toBe(401);
    expect(result.hops).toHaveLength(1);
    expect(result.summary?.auth?.outcome).toBe('rejected');
    expect(result.summary?.auth?.message).toMatch(/user name or password is wrong/);
    expect(result.summary?.auth?.message).not.toContain('nope');
  });

  it('after a refused answer the space is forgotten: the next request starts from the challenge, not the remembered nonce', async () => {
    const target = await httpAuthServer({});
    const right = await send({ url: `${target}/first`, digest: USER });
    expect(right.hops).toHaveLength(1);
    const wrong = await send({ url: `${target}/wrong`, digest: { ...USER, password: 'nope' } });
    expect(wrong.summary?.auth?.outcome).toBe('rejected');
    const again = await send({ url: `${target}/again`, digest: USER });
    expect(again.head?.status).toBe(200);
    expect(again.hops).toHaveLength(1);
    expect(again.hops[0]!.note).toContain('nc=00000001');
  });
});

describe('relay Digest against the sandbox', () => {
  const sandbox = (path: string) => `${wb.origin}/sandbox/api/digest/${path}`;
  const DEMO: DigestCredentials = { username: 'Mufasa', password: 'Circle of Life' };

  for (const algorithm of ['md5', 'md5-sess', 'sha-256', 'sha-256-sess', 'sha-512-256', 'sha-512-256-sess']) {
    it(`answers ${algorithm}`, async () => {
      const result = await send({ url: sandbox(algorithm), digest: DEMO });
      expect(result.head?.status, result.body?.toString()).toBe(200);
      expect(JSON.parse(result.body!.toString()).algorithm.toLowerCase()).toBe(algorithm);
      expect(result.hops.every((h) => h.kind === 'digest')).toBe(true);
    });
  }

  it('hashes the body for auth-int on a POST', async () => {
    const result = await send({ method: 'POST', url: sandbox('sha-256?qop=auth-int'), headers: [{ name: 'Content-Type', value: 'application/json' }], digest: DEMO }, Buffer.from('{"a":1}'));
    expect(result.head?.status, result.body?.toString()).toBe(200);
    expect(JSON.parse(result.body!.toString())).toMatchObject({ qop: 'auth-int', bodyBytes: 7 });
  });

  it('sends the user name hashed when asked (userhash)', async () => {
    const result = await send({ url: sandbox('sha-512-256?userhash=true'), digest: DEMO });
    expect(result.head?.status, result.body?.toString()).toBe(200);
    const sent = authorizationSent(result.summary!.sent.headText);
    expect(sent).toMatch(/username="[0-9a-f]{64}"/);
    expect(sent).toContain('userhash=true');
  });

  it('answers again with the new nonce after stale=true, without asking', async () => {
    const result = await send({ url: sandbox('stale'), digest: DEMO });
    expect(result.head?.status, result.body?.toString()).toBe(200);
    expect(result.hops.map((h) => h.status)).toEqual([401, 401]);
    expect(result.hops[1]!.note).toContain('stale=true');
  });

  it('a wrong password against the sandbox: final 401, its detail says why', async () => {
    const result = await send({ url: sandbox('sha-256?qop=auth'), digest: { ...DEMO, password: 'wrong' } });
    expect(result.head?.status).toBe(401);
    expect(result.summary?.auth?.outcome).toBe('rejected');
    expect(JSON.parse(result.body!.toString()).title).toBe('Wrong credentials');
  });
});

describe('relay Digest: challenges it cannot answer', () => {
  it('an unknown algorithm is a clear auth error naming it, and the server keeps serving', async () => {
    const target = await listen(
      http.createServer((req, res) => {
        res.writeHead(401, { 'WWW-Authenticate': 'Digest realm="odd", nonce="abc", algorithm=SHA3-256, qop="auth"' });
        res.end();
      }),
    );
    const result = await send({ url: `${target}/x`, digest: USER });
    expect(result.error?.kind).toBe('auth');
    expect(result.error?.message).toContain('"SHA3-256"');
    const again = await send({ url: `${target}/x` });
    expect(again.head?.status).toBe(401);
  });

  it('refuses digest credentials that are not strings, without echoing them', async () => {
    const result = await send({ url: 'http://127.0.0.1:1/', digest: { username: 'a', password: 42 } as unknown as DigestCredentials });
    expect(result.error?.kind).toBe('bad_request');
    expect(result.error?.message).not.toContain('42');
  });
});
