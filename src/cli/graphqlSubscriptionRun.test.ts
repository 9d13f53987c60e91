/**
 * `wirebench run` with GraphQL subscriptions (issue 29 items 3 and 5): the real command on a
 * workspace folder written by the test. A subscription request goes over graphql-ws: to the
 * sandbox's countdown (ends with `complete`), to a `graphql-ws` server over a `graphql`
 * schema started here on loopback that checks the connection_init payload's Authorization
 * (the request's Bearer auth) and streams without end (bounded by the request's count, then
 * by its time limit), one whose server answers `error` (a field the schema does not have) — a
 * failed step saying so —, and a refused upgrade asserted on its 401. Secrets masked.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { useServer } from 'graphql-ws/use/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startServer, type RunningServer } from '../server/listen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: RunningServer;
let target: http.Server;
let targetPort = 0;
let dir: string;
const seenParams: unknown[] = [];
// The build of graphql that graphql-ws itself loads (Node resolves its `import 'graphql'` to the CommonJS build), so its checks (`instanceof GraphQLError`) accept this server's errors.
const { buildSchema, execute, parse, subscribe, validate } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

const compare = (id: string, subject: object, operator: string, expected: string) => ({ id, kind: 'compare', subject, operator, expected });

function request(id: string, name: string, url: string, graphql: object, extra: object, auth?: object) {
  return {
    kind: 'request',
    id,
    name,
    requestType: 'http',
    draft: { method: 'POST', url, body: { kind: 'graphql', graphql: { variables: '', operationName: '', ...graphql } }, ...(auth ? { auth } : {}), options: { methodOverride: false, followRedirects: false, timeoutMs: 30000, insecureTls: false } },
    ...extra,
  };
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function tickSchema() {
  const schema = buildSchema('type Query { ok: Boolean }\ntype Tick { n: Int!, session: String! }\ntype Subscription { ticks(every: Int!): Tick! }');
  const field = schema.getSubscriptionType()!.getFields().ticks!;
  field.subscribe = async function* (_: unknown, args: { every: number }) {
    for (let n = 1; ; n++) {
      yield { ticks: { n, session: 'sess-GQL-SECRET-42' } };
      await wait(args.every);
    }
  };
  return schema;
}

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'cli-gql-ws-token' });
  const schema = tickSchema();
  target = http.createServer();
  useServer(
    {
      schema,
      execute,
      subscribe,
      validate,
      onConnect: (ctx) => {
        seenParams.push(ctx.connectionParams);
        return ctx.connectionParams?.Authorization === 'Bearer gql-SECRET-7';
      },
      onSubscribe: (_ctx, _id, payload) => {
        const document = parse(payload.query);
        const invalid = validate(schema, document);
        if (invalid.length > 0) return invalid;
        return { schema, document, variableValues: payload.variables ?? undefined, operationName: payload.operationName ?? undefined };
      },
    },
    new WebSocketServer({ server: target, path: '/graphql' }),
  );
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetPort = (target.address() as net.AddressInfo).port;
  const bearer = { scheme: 'bearer', values: { token: 'gql-SECRET-7' } };
  const own = `http://127.0.0.1:${targetPort}/graphql`;
  dir = await mkdtemp(path.join(tmpdir(), 'wirebench-cli-gql-ws-'));
  const collection = path.join(dir, 'collections', 'subscriptions');
  await mkdir(collection, { recursive: true });
  await writeFile(path.join(dir, 'wirebench.json'), '{}');
  const files: Record<string, object> = {
    'countdown.json': request('r-count', 'Countdown', '{{baseUrl}}/sandbox/graphql', { query: 'subscription Count($from: Int!) { countdown(from: $from, intervalMs: 10) }', variables: '{"from": {{from}}}', subscriptionUrl: '{{wsBase}}/sandbox/graphql/ws' }, {
      assertions: [
        compare('a1', { kind: 'status' }, '==', '101'),
        compare('a2', { kind: 'header', name: 'Sec-WebSocket-Protocol' }, '==', 'graphql-transport-ws'),
        compare('a3', { kind: 'jsonpath', path: '$[0].data.countdown' }, '==', '3'),
        compare('a4', { kind: 'jsonpath', path: '$[3].data.countdown' }, '==', '0'),
        // Fails on purpose: 3, 2, 1, 0 are four results.
        compare('a5', { kind: 'jsonpath', path: '$[4].data.countdown' }, '==', '-1'),
      ],
    }),
    'count.json': request('r-ticks', 'Two ticks', own, { query: 'subscription { ticks(every: 20) { n session } }', collectCount: 2, collectMs: 20_000 }, {
      assertions: [compare('b1', { kind: 'jsonpath', path: '$[1].data.ticks.n' }, '==', '2'), compare('b2', { kind: 'jsonpath', path: '$[2]' }, 'not-exists', '')],
      captures: [{ id: 'c1', variable: 'session', scope: 'collection', secret: true, from: { kind: 'jsonpath', path: '$[0].data.ticks.session' } }],
    }, bearer),
    'timed.json': request('r-timed', 'Timed', own, { query: 'subscription { ticks(every: 50) { n } }', collectMs: 400 }, { assertions: [compare('c1', { kind: 'jsonpath', path: '$[0].data.ticks.n' }, '==', '1')] }, bearer),
    'refused.json': request('r-error', 'Unknown field', own, { query: 'subscription { tocks { n } }' }, { assertions: [compare('d1', { kind: 'status' }, '==', '101')] }, bearer),
    'upgrade.json': request('r-upgrade', 'No endpoint', '{{baseUrl}}/sandbox/graphql', { query: 'subscription { countdown }', subscriptionUrl: '{{wsBase}}/sandbox/ws/refuse' }, { assertions: [compare('e1', { kind: 'status' }, '==', '401')] }),
  };
  await writeFile(path.join(collection, 'collection.json'), JSON.stringify({ version: 1, id: 'col-gql-ws', name: 'Subscriptions', variables: [], order: Object.keys(files) }));
  for (const [name, item] of Object.entries(files)) await writeFile(path.join(collection, name), JSON.stringify(item));
});
afterAll(async () => {
  await server.close();
  target.closeAllConnections();
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

describe('wirebench run: GraphQL subscriptions', () => {
  it('subscribes over graphql-ws, collects until complete, the count or the time limit, asserts and captures on the results; an error fails its step; secrets masked', async () => {
    const json = path.join(dir, 'report.json');
    const ran = await wirebench(['run', dir, '--var', `baseUrl=http://127.0.0.1:${server.port}`, '--var', `wsBase=ws://127.0.0.1:${server.port}`, '--var', 'from=3', '-r', 'cli,json', '--reporter-json-export', json]);
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code, ran.stderr + ran.stdout).toBe(1);
    const text = await readFile(json, 'utf8');
    const steps = JSON.parse(text).run.steps as { name: string; method: string; status?: number; error?: { kind: string; message: string }; assertions: { passed: boolean; message?: string }[]; captures: { value?: string }[] }[];
    expect(steps.map((s) => `${s.name} ${s.method} ${s.status}`)).toEqual(['Countdown SUBSCRIBE 101', 'Two ticks SUBSCRIBE 101', 'Timed SUBSCRIBE 101', 'Unknown field SUBSCRIBE 101', 'No endpoint SUBSCRIBE 401']);
    expect(steps[0]!.error).toBeUndefined();
    expect(steps[0]!.assertions.map((a) => a.passed)).toEqual([true, true, true, true, false]);
    expect(steps[1]!.error).toBeUndefined();
    expect(steps[1]!.assertions.map((a) => a.passed)).toEqual([true, true]);
    expect(steps[1]!.captures[0]!.value).not.toContain('sess-GQL-SECRET-42');
    expect(steps[2]!.error).toBeUndefined();
    expect(steps[2]!.assertions.map((a) => a.passed)).toEqual([true]);
    // The server's `error`: a failed check saying what it refused and where; the step's own assertion still judged.
    expect(steps[3]!.error).toBeUndefined();
    expect(steps[3]!.assertions.map((a) => a.passed)).toEqual([false, true]);
    expect(steps[3]!.assertions[0]!.message).toContain('The server refused the subscription: Cannot query field "tocks"');
    expect(steps[3]!.assertions[0]!.message).toContain('line 1, column 16');
    expect(steps[4]!.assertions.map((a) => a.passed)).toEqual([true]);
    // The request's Bearer auth went in the connection_init payload (and the handshake).
    expect(seenParams).toContainEqual(expect.objectContaining({ Authorization: 'Bearer gql-SECRET-7' }));
    expect(text).not.toContain('gql-SECRET-7');
    expect(text).not.toContain('sess-GQL-SECRET-42');
    expect(ran.stdout).not.toContain('gql-SECRET-7');
    expect(ran.stdout).toContain('refused the subscription');
  });
});
