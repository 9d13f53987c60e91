/**
 * The CLI's MCP step against the official SDK's server on loopback (the sandbox's tools):
 * status and JSONPath assertions and captures on a tool result, a tool error (isError) in
 * the body, a protocol error as its JSON-RPC code, a 401 as a status, a token masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDraft, type RequestDraft } from '../core';
import type { McpSettings } from '../core/protocols/mcp/settings';
import type { Assertion, Capture } from '../core/run';
import type { SavedRequest } from '../core/workspace/model';
import { issueCertificate, makeCertificateAuthority } from '../sandbox/tlsPki';
import { startSdkServer, type Started } from '../testing/mcpTestServers';
import { runMcpStep } from './mcpStep';
import { SecretMask } from './secrets';
import type { StepContext } from './step';
import { RunScope } from './variables';

let open: Started;
let guarded: Started;
let untrusted: Started;
beforeAll(async () => {
  open = await startSdkServer();
  guarded = await startSdkServer({ token: 'mcp-secret-token-42' });
  // https with a certificate from a CA nobody trusts: only --insecure reaches it.
  const ca = await makeCertificateAuthority('Untrusted MCP CA');
  const cert = await issueCertificate(ca, 'localhost', { altNames: { dns: ['localhost'], ips: ['127.0.0.1'] } });
  untrusted = await startSdkServer({ tls: { key: cert.key, cert: cert.cert } });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
  await untrusted.close();
});

function step(url: string, call: McpSettings['call'], extra: { captures?: Capture[]; assertions?: Assertion[]; draft?: Partial<RequestDraft>; insecure?: boolean } = {}) {
  const mask = new SecretMask();
  const variables = new RunScope([], undefined, [], {}, mask);
  const draft: RequestDraft = { ...emptyDraft(url), protocol: 'mcp', mcp: { transport: 'streamable-http', ...(call ? { call } : {}) }, ...extra.draft };
  const request = { kind: 'request', id: 'r1', name: 'MCP step', requestType: 'http', draft, captures: extra.captures ?? [], assertions: extra.assertions ?? [] } as unknown as SavedRequest;
  const ctx = { variables, mask, iteration: 0, iterationCount: 1, scriptTimeoutMs: 1000, console: () => undefined, insecure: extra.insecure === true, note: () => undefined } as unknown as StepContext;
  return runMcpStep({ request, collection: { id: 'c', name: 'c', items: [request] } as never, path: [] }, ctx).then((o) => ({ ...o, variables }));
}

describe('wirebench run: MCP steps', () => {
  it('calls a tool and asserts and captures on its structured result', async () => {
    const { result, variables } = await step(open.url, { kind: 'tool', name: 'weather', arguments: '{"city":"Oslo","units":"celsius"}' }, {
      assertions: [
        { id: 'a1', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '200' },
        { id: 'a2', kind: 'compare', subject: { kind: 'jsonpath', path: '$.structuredContent.city' }, operator: '==', expected: 'Oslo' },
        { id: 'a3', kind: 'compare', subject: { kind: 'jsonpath', path: '$.structuredContent.temperature' }, operator: '==', expected: '99' },
      ],
      captures: [{ id: 'c1', variable: 'conditions', scope: 'collection', from: { kind: 'jsonpath', path: '$.structuredContent.conditions' } } as Capture],
    });
    expect(result.error).toBeUndefined();
    expect(result.method).toBe('MCP tools/call weather');
    expect(result.status).toBe(200);
    expect(result.assertions.map((a) => a.passed)).toEqual([true, true, false]);
    expect(variables.values().conditions).toMatch(/sunny|cloudy|rainy/);
  });

  it('a tool error is a 200 whose body says isError; a protocol error is its JSON-RPC code', async () => {
    const { result } = await step(open.url, { kind: 'tool', name: 'divide', arguments: '{"a":1,"b":0}' }, { assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'jsonpath', path: '$.isError' }, operator: '==', expected: 'true' }] });
    expect(result.status).toBe(200);
    expect(result.reason).toBe('Tool error');
    expect(result.assertions[0]!.passed).toBe(true);
    const read = await step(open.url, { kind: 'resource', name: 'sandbox://nowhere', arguments: '' });
    expect(read.result.status).toBeLessThan(-32000);
    expect(read.result.error).toBeUndefined();
  });

  it('reads a resource and gets a prompt', async () => {
    const read = await step(open.url, { kind: 'resource', name: 'sandbox://orders/1001', arguments: '' }, { assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'jsonpath', path: '$.contents[0].uri' }, operator: '==', expected: 'sandbox://orders/1001' }] });
    expect(read.result.assertions[0]!.passed).toBe(true);
    const prompt = await step(open.url, { kind: 'prompt', name: 'review_order', arguments: '{"orderId":"1002"}' }, { assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'jsonpath', path: '$.messages[0].role' }, operator: '==', expected: 'user' }] });
    expect(prompt.result.assertions[0]!.passed).toBe(true);
  });

  it('a server that wants a token is a 401 a status assertion can check; with the token it works and the token is masked', async () => {
    const refused = await step(guarded.url, { kind: 'tool', name: 'divide', arguments: '{"a":4,"b":2}' }, { assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '401' }] });
    expect(refused.result.status).toBe(401);
    expect(refused.result.assertions[0]!.passed).toBe(true);
    const draft = { headers: [{ id: 'h', name: 'Authorization', value: 'Bearer mcp-secret-token-42', enabled: true }] } as unknown as Partial<RequestDraft>;
    const { result } = await step(guarded.url, { kind: 'tool', name: 'divide', arguments: '{"a":4,"b":2}' }, { draft, assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'jsonpath', path: '$.content[0].text' }, operator: '==', expected: '2' }] });
    expect(result.assertions[0]!.passed).toBe(true);
    expect(JSON.stringify(result)).not.toContain('mcp-secret-token-42');
  });

  it('reaches the server as an HTTP step does: an untrusted certificate refused, --insecure going on', async () => {
    const call = { kind: 'tool' as const, name: 'divide', arguments: '{"a":6,"b":3}' };
    const refused = await step(untrusted.url, call);
    expect(refused.result.error?.kind).toBe('network');
    expect(refused.result.error?.message).toMatch(/certificate of 127\.0\.0\.1:\d+ was not accepted/);
    const insecure = await step(untrusted.url, call, { insecure: true, assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'jsonpath', path: '$.content[0].text' }, operator: '==', expected: '2' }] });
    expect(insecure.result.error).toBeUndefined();
    expect(insecure.result.assertions[0]!.passed).toBe(true);
  });

  it('a request without a saved call, or with arguments that are not JSON, fails its step with that said', async () => {
    expect((await step(open.url, undefined)).result.error?.message).toContain('names no tool');
    expect((await step(open.url, { kind: 'tool', name: 'divide', arguments: '{a:' })).result.error?.message).toContain('not JSON');
  });
});
