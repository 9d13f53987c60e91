/**
 * The sandbox's GraphQL endpoint as GraphQL over HTTP says, on a real server over loopback:
 * data, partial data with errors (path and locations), a document that does not parse
 * (400 with line and column when the client accepts application/graphql-response+json,
 * 200 with application/json), a variable of the wrong type, GET for queries and 405 for a
 * mutation over GET; and subscriptions over graphql-ws. Each answer is also read by core's
 * `explainResponse`, which must not call a 200 with errors a success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startSandboxHarness, type SandboxAnswer, type SandboxHarness } from '../../testing/sandboxHarness';
import { buildWireRequest, normaliseDraft } from '../../core/request';
import { explainResponse } from '../../core/http';
import type { GraphQlBody } from '../../core/protocols/graphql/body';
import type { WireResponse } from '../../core/types';

let sandbox: SandboxHarness;
beforeAll(async () => {
  sandbox = await startSandboxHarness();
});
afterAll(async () => {
  await sandbox.close();
});

/** Sends a GraphQL draft as the app builds it, and explains the answer as the inspector does. */
async function send(graphql: Partial<GraphQlBody>, headers: { name: string; value: string }[] = []) {
  const draft = normaliseDraft({ method: graphql.method ?? 'POST', url: `${sandbox.origin}/sandbox/graphql`, headers, body: { kind: 'graphql', graphql } });
  const built = buildWireRequest(draft, {});
  if (!built.ok) throw new Error(built.error.message);
  const { wire } = built.value;
  const answer = await sandbox.call(new URL(wire.url).pathname + new URL(wire.url).search, { method: wire.method, headers: wire.headers.map((h): [string, string] => [h.name, h.value]), ...(wire.body ? { body: String(wire.body[0]) } : {}) });
  const response: WireResponse = { status: answer.status, reason: '', httpVersion: '1.1', headers: Object.entries(answer.headers).map(([name, value]) => ({ name, value: String(value) })), bodyText: answer.text };
  return { answer, explained: explainResponse(wire, response) };
}

const contentType = (answer: SandboxAnswer) => String(answer.headers['content-type']);

describe('sandbox /graphql over HTTP', () => {
  it('answers a query with data as application/graphql-response+json', async () => {
    const { answer, explained } = await send({ query: 'query One($id: ID!) { book(id: $id) { title year } }', variables: '{"id": "1"}' });
    expect(answer.status).toBe(200);
    expect(contentType(answer)).toMatch(/^application\/graphql-response\+json/);
    expect(answer.json).toEqual({ data: { book: { title: 'Notes on the Analytical Engine', year: 1843 } } });
    expect(explained[0]).toMatchObject({ severity: 'success' });
  });

  it('answers partial data with errors carrying path and locations, and the summary says so', async () => {
    const { answer, explained } = await send({ query: '{\n  books {\n    title\n    author { name }\n  }\n}' });
    expect(answer.status).toBe(200);
    expect(answer.json.data.books[2]).toEqual({ title: 'The Lost Manuscript', author: null });
    expect(answer.json.errors[0]).toMatchObject({ path: ['books', 2, 'author'], locations: [{ line: 4, column: 5 }] });
    expect(explained[0]).toMatchObject({ severity: 'warning', verdict: { outcome: 'failed' } });
    expect(explained[0]!.message).toContain('Partial data');
    expect(explained[0]!.message).toContain('books[2].author');
    expect(explained.some((f) => f.verdict?.outcome === 'succeeded')).toBe(false);
  });

  it('refuses a document that does not parse with 400 and its line and column (graphql-response+json)', async () => {
    const { answer, explained } = await send({ query: '{\n  books {\n    title\n' });
    expect(answer.status).toBe(400);
    expect(answer.json.data).toBeUndefined();
    expect(answer.json.errors[0].locations).toEqual([{ line: 4, column: 1 }]);
    expect(explained[0]).toMatchObject({ severity: 'error', verdict: { blame: 'request', retry: 'will-fail' } });
    expect(explained[0]!.message).toContain('did not run the operation');
    expect(explained[0]!.message).toContain('line 4, column 1');
  });

  it('answers the same request error with 200 to a client that accepts only application/json, and the summary still says it failed', async () => {
    const { answer, explained } = await send({ query: '{ books { nope } }' }, [{ name: 'Accept', value: 'application/json' }]);
    expect(answer.status).toBe(200);
    expect(contentType(answer)).toMatch(/^application\/json/);
    expect(answer.json.errors[0].message).toContain('Cannot query field "nope" on type "Book"');
    expect(explained[0]).toMatchObject({ severity: 'error', verdict: { outcome: 'failed' } });
    expect(explained[0]!.message).toContain('send 200 even for a request error');
  });

  it('refuses a variable of the wrong type, naming it', async () => {
    const { answer } = await send({ query: 'query One($id: ID!) { book(id: $id) { title } }', variables: '{"id": {"not": "an id"}}' });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].message).toContain('Variable "$id" got invalid value');
  });

  it('runs a mutation over POST, a query over GET, and refuses a mutation over GET with 405', async () => {
    const added = await send({ query: 'mutation { addBook(input: {title: "Flow-Matic", authorId: "2"}) { id title author { name } } }' });
    expect(added.answer.json.data.addBook).toMatchObject({ title: 'Flow-Matic', author: { name: 'Grace Hopper' } });
    const get = await send({ query: '{ book(id: "2") { year } }', method: 'GET' });
    expect(get.answer.status).toBe(200);
    expect(get.answer.json).toEqual({ data: { book: { year: 1946 } } });
    const refused = await sandbox.call('/sandbox/graphql?query=' + encodeURIComponent('mutation { addBook(input: {title: "x", authorId: "1"}) { id } }'));
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe('POST');
  });

  it('serves introspection', async () => {
    const { answer } = await send({ query: '{ __schema { queryType { name } mutationType { name } subscriptionType { name } } }' });
    expect(answer.json.data.__schema).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' }, subscriptionType: { name: 'Subscription' } });
  });
});

describe('sandbox /graphql/ws (graphql-ws)', () => {
  it('streams a subscription to its end', async () => {
    const client = createClient({ url: `${sandbox.origin.replace('http', 'ws')}/sandbox/graphql/ws`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    const seen: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      client.subscribe({ query: 'subscription { countdown(from: 3, intervalMs: 10) }' }, { next: (value) => void seen.push(value), error: reject, complete: resolve });
    });
    await client.dispose();
    expect(seen).toEqual([3, 2, 1, 0].map((n) => ({ data: { countdown: n } })));
  });

  it('reports a subscription with a wrong variable type as an error naming the variable', async () => {
    const client = createClient({ url: `${sandbox.origin.replace('http', 'ws')}/sandbox/graphql/ws`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    const heard: unknown[] = [];
    await new Promise<void>((resolve) => {
      client.subscribe({ query: 'subscription ($n: Int!) { countdown(from: $n) }', variables: { n: 'three' } }, { next: (v) => void heard.push(v), error: (e) => (heard.push(e), resolve()), complete: resolve });
    });
    await client.dispose();
    expect(JSON.stringify(heard)).toContain('Variable \\"$n\\" got invalid value');
  });
});
