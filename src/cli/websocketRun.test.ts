/**
 * `wirebench run` with WebSocket requests (issue 29 items 5 and 6): the real command on a
 * workspace folder written by the test; one request to the sandbox's echo (subprotocol json,
 * saved JSON messages, JSONPath assertions and a capture on the messages received), one to a
 * `ws` server started here that checks the Bearer token of the handshake and answers with a
 * secret (masked in the report), and one refused upgrade asserted on its 401.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startServer, type RunningServer } from '../server/listen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: RunningServer;
let target: http.Server;
let targetPort = 0;
let dir: string;
const seenAuth: string[] = [];

const compare = (id: string, subject: object, operator: string, expected: string) => ({ id, kind: 'compare', subject, operator, expected });

function request(id: string, name: string, url: string, websocket: object, extra: object) {
  return {
    kind: 'request',
    id,
    name,
    requestType: 'http',
    draft: { method: 'GET', url, protocol: 'websocket', websocket: { subprotocols: [], deflate: true, messages: [], collectMs: 10_000, ...websocket }, options: { methodOverride: false, followRedirects: false, timeoutMs: 30000, insecureTls: false } },
    ...extra,
  };
}

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'cli-ws-token' });
  target = http.createServer();
  const wss = new WebSocketServer({ server: target });
  wss.on('connection', (ws, req) => {
    seenAuth.push(req.headers.authorization ?? '');
    ws.on('message', (data) => ws.send(JSON.stringify({ got: JSON.parse(data.toString()) as unknown, session: 'sess-SECRET-42' })));
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetPort = (target.address() as net.AddressInfo).port;
  dir = await mkdtemp(path.join(tmpdir(), 'wirebench-cli-ws-'));
  const collection = path.join(dir, 'collections', 'sockets');
  await mkdir(collection, { recursive: true });
  await writeFile(path.join(dir, 'wirebench.json'), '{}');
  await writeFile(path.join(collection, 'collection.json'), JSON.stringify({ version: 1, id: 'col-ws', name: 'Sockets', variables: [], order: ['echo.json', 'token.json', 'refused.json'] }));
  await writeFile(
    path.join(collection, 'echo.json'),
    JSON.stringify(
      request('r-echo', 'Echo', '{{wsBase}}/sandbox/ws/echo', { subprotocols: ['json'], collectCount: 2, messages: [{ id: 'm1', name: 'one', format: 'json', body: '{"n": 1, "who": "{{who}}"}' }, { id: 'm2', name: 'two', format: 'json', body: '{"n": 2}' }] }, {
        assertions: [
          compare('a1', { kind: 'status' }, '==', '101'),
          compare('a2', { kind: 'jsonpath', path: '$[0].echo.who' }, '==', 'Ada'),
          compare('a3', { kind: 'jsonpath', path: '$[1].echo.n' }, '==', '2'),
          compare('a4', { kind: 'header', name: 'Sec-WebSocket-Protocol' }, '==', 'json'),
          // Fails on purpose: the echo has two messages.
          compare('a5', { kind: 'jsonpath', path: '$[2].echo.n' }, '==', '3'),
        ],
        captures: [{ id: 'c1', variable: 'firstN', scope: 'collection', from: { kind: 'jsonpath', path: '$[0].echo.n' } }],
      }),
    ),
  );
  await writeFile(
    path.join(collection, 'token.json'),
    JSON.stringify({
      ...request('r-token', 'Token', `ws://127.0.0.1:${targetPort}/live`, { collectCount: 1, messages: [{ id: 'm1', name: 'hello', format: 'json', body: '{"first": {{firstN}}}' }] }, {
        assertions: [compare('b1', { kind: 'jsonpath', path: '$[0].got.first' }, '==', '1')],
        captures: [{ id: 'c2', variable: 'session', scope: 'collection', secret: true, from: { kind: 'jsonpath', path: '$[0].session' } }],
      }),
      draft: {
        method: 'GET',
        url: `ws://127.0.0.1:${targetPort}/live`,
        protocol: 'websocket',
        auth: { scheme: 'bearer', values: { token: 'tok-SECRET-7' } },
        websocket: { subprotocols: [], deflate: false, collectMs: 10_000, collectCount: 1, messages: [{ id: 'm1', name: 'hello', format: 'json', body: '{"first": {{firstN}}}' }] },
        options: { methodOverride: false, followRedirects: false, timeoutMs: 30000, insecureTls: false },
      },
    }),
  );
  await writeFile(path.join(collection, 'refused.json'), JSON.stringify(request('r-refused', 'Refused', '{{wsBase}}/sandbox/ws/refuse', {}, { assertions: [compare('c1', { kind: 'status' }, '==', '401'), compare('c2', { kind: 'jsonpath', path: '$.error' }, '==', 'no_token')] })));
});
afterAll(async () => {
  await server.close();
  await new Promise((r) => target.close(r));
  await rm(dir, { recursive: true, force: true });
});

function wirebench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'bin/wirebench.mjs'), ...args], { cwd: root, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

describe('wirebench run: WebSocket requests', () => {
  it('connects, sends the saved messages, asserts and captures on what arrived; a refused upgrade is asserted on its status; secrets masked', async () => {
    const json = path.join(dir, 'report.json');
    const ran = await wirebench(['run', dir, '--var', `wsBase=ws://127.0.0.1:${server.port}`, '--var', 'who=Ada', '-r', 'cli,json', '--reporter-json-export', json]);
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code).toBe(1);
    const text = await readFile(json, 'utf8');
    const report = JSON.parse(text);
    const steps = report.run.steps as { name: string; method: string; status: number; error?: { message: string }; assertions: { passed: boolean }[] }[];
    expect(steps.map((s) => `${s.name} ${s.method} ${s.status}`)).toEqual(['Echo WEBSOCKET 101', 'Token WEBSOCKET 101', 'Refused WEBSOCKET 401']);
    expect(steps.map((s) => s.error)).toEqual([undefined, undefined, undefined]);
    expect(steps[0]!.assertions.map((a) => a.passed)).toEqual([true, true, true, true, false]);
    expect(steps[1]!.assertions.map((a) => a.passed)).toEqual([true]);
    expect(steps[2]!.assertions.map((a) => a.passed)).toEqual([true, true]);
    expect(seenAuth).toEqual(['Bearer tok-SECRET-7']);
    expect(text).not.toContain('tok-SECRET-7');
    expect(text).not.toContain('sess-SECRET-42');
    expect(ran.stdout).not.toContain('tok-SECRET-7');
  });
});
