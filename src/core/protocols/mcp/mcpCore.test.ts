import { describe, expect, it } from 'vitest';
import { canonicalResource, readAuthorizationServerMetadata, readBearerChallenge, readRegistrationResponse, readResourceMetadata, resourceMetadataUrls } from './authDiscovery';
import { describeJsonRpcError, explainJsonRpcCode } from './errorCodes';
import { parseJsonRpcMessage, PendingIds } from './jsonRpc';
import { droppedStreamMessage, SseReader } from './sseReader';
import { argumentsFromForm, checkStructuredContent, checkToolArguments, formFields, sampleArguments } from './toolSchema';
import { describeCapabilities, negotiateVersion } from './versions';

describe('JSON-RPC messages', () => {
  it('reads each kind and refuses malformed ones with what is wrong', () => {
    expect(parseJsonRpcMessage('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toMatchObject({ ok: true, value: { kind: 'request', id: 1 } });
    expect(parseJsonRpcMessage('{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}')).toMatchObject({ ok: true, value: { kind: 'notification' } });
    expect(parseJsonRpcMessage('{"jsonrpc":"2.0","id":"a","result":{}}')).toMatchObject({ ok: true, value: { kind: 'result', id: 'a' } });
    expect(parseJsonRpcMessage('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}')).toMatchObject({ ok: true, value: { kind: 'error', id: null } });
    const notJson = parseJsonRpcMessage('{"jsonrpc":"2.0",', 'SSE event 2');
    expect(!notJson.ok && notJson.error.message).toMatch(/^SSE event 2 is not JSON/);
    const noVersion = parseJsonRpcMessage('{"id":1,"result":{}}');
    expect(!noVersion.ok && noVersion.error.message).toContain('"jsonrpc": "2.0"');
    const both = parseJsonRpcMessage('{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}');
    expect(!both.ok && both.error.message).toContain('both');
    const batch = parseJsonRpcMessage('[]');
    expect(!batch.ok && batch.error.message).toContain('batch');
    const badParams = parseJsonRpcMessage('{"jsonrpc":"2.0","id":1,"method":"x","params":[1]}');
    expect(!badParams.ok && badParams.error.message).toContain('named');
  });

  it('matches ids and says when a response answers nothing in flight', () => {
    const ids = new PendingIds();
    const a = ids.issue('initialize', 1);
    expect(ids.answer(a)).toEqual({ matched: true, method: 'initialize', sentAt: 1 });
    const again = ids.answer(a);
    expect(!again.matched && again.reason).toContain('already answered');
    const unknown = ids.answer(99);
    expect(!unknown.matched && unknown.reason).toContain('never sent');
    expect(ids.answer(null).matched).toBe(false);
  });

  it('explains each error code', () => {
    for (const code of [-32700, -32600, -32601, -32602, -32603]) expect(explainJsonRpcCode(code).source).toBe('JSON-RPC 2.0');
    expect(explainJsonRpcCode(-32050).name).toBe('Server error');
    expect(explainJsonRpcCode(-32042).source).toBe('MCP');
    expect(explainJsonRpcCode(42).source).toBe('the server');
    expect(describeJsonRpcError({ code: -32601, message: 'Method not found' })).toContain('capability');
  });
});

describe('versions and capabilities', () => {
  it('accepts the same or a known version and refuses an unknown one', () => {
    expect(negotiateVersion('2025-06-18', '2025-06-18')).toMatchObject({ ok: true });
    const older = negotiateVersion('2025-11-25', '2024-11-05');
    expect(older.ok && older.value.explanation).toContain('offered 2024-11-05');
    const unknown = negotiateVersion('2025-06-18', '1999-01-01');
    expect(!unknown.ok && unknown.error.message).toContain('does not speak');
    expect(negotiateVersion('2025-06-18', undefined).ok).toBe(false);
  });
  it('describes capabilities', () => {
    expect(describeCapabilities('server', { tools: { listChanged: true } })[0]).toContain('tells when the list changes');
    expect(describeCapabilities('server', {})[0]).toContain('no capabilities');
  });
});

const weather = {
  type: 'object',
  properties: { city: { type: 'string', description: 'Where' }, days: { type: 'integer', default: 3 }, units: { enum: ['c', 'f'] }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['city'],
};

describe('tool schemas', () => {
  it('makes a form, reads it back and checks arguments', () => {
    const fields = formFields(weather);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([['city', 'string', true], ['days', 'integer', false], ['units', 'enum', false], ['tags', 'json', false]]);
    expect(argumentsFromForm(fields, { city: 'Oslo', units: '"c"', tags: '["a"]' })).toEqual({ ok: true, value: { city: 'Oslo', days: 3, units: 'c', tags: ['a'] } });
    const bad = argumentsFromForm(fields, { city: 'Oslo', days: '2.5' });
    expect(!bad.ok && bad.error).toMatchObject({ field: 'days' });
    expect(checkToolArguments('weather', weather, { city: 'Oslo' }).ok).toBe(true);
    const wrong = checkToolArguments('weather', weather, { days: 'x' });
    expect(!wrong.ok && wrong.error.message).toMatch(/input schema of "weather".*Nothing was sent/);
    expect(sampleArguments(weather)).toHaveProperty('city');
  });
  it('checks structured content against the output schema', () => {
    const schema = { type: 'object', properties: { t: { type: 'number' } }, required: ['t'] };
    expect(checkStructuredContent(schema, { structuredContent: { t: 1 } }).verdict).toBe('fits');
    const off = checkStructuredContent(schema, { structuredContent: { t: 'x' } });
    expect(off.verdict).toBe('does-not-fit');
    expect(off.problems[0]!.at).toBe('/t');
    expect(checkStructuredContent(schema, { content: [] }).verdict).toBe('missing');
    expect(checkStructuredContent(undefined, { content: [] }).verdict).toBe('no-schema');
  });
});

describe('SSE reading', () => {
  it('gives events across chunk boundaries and says when the stream drops mid-event', () => {
    const r = new SseReader();
    expect(r.push('event: message\nid: 7\ndata: {"a"')).toEqual([]);
    expect(r.push(':1}\r\n\r\ndata: x\n')).toEqual([{ event: 'message', id: '7', data: '{"a":1}' }]);
    const cut = r.finish();
    expect(cut?.partial).toContain('data: x');
    expect(droppedStreamMessage('The stream', cut!.partial)).toContain('middle of an event');
    const clean = new SseReader();
    clean.push('data: 1\n\n');
    expect(clean.finish()).toBeUndefined();
  });
});

describe('authorization discovery', () => {
  it('reads the challenge, with and without resource_metadata', () => {
    const read = readBearerChallenge(['Bearer error="invalid_token", resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp"']);
    expect(read.ok && read.value.resourceMetadata).toBe('http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp');
    const bare = readBearerChallenge(['Bearer realm="x"']);
    expect(bare.ok && bare.value.explanation).toContain('no resource_metadata');
    expect(resourceMetadataUrls('http://h:1/sandbox/mcp')).toEqual({ ok: true, value: ['http://h:1/.well-known/oauth-protected-resource/sandbox/mcp', 'http://h:1/.well-known/oauth-protected-resource'] });
    const basic = readBearerChallenge(['Basic realm="x"']);
    expect(!basic.ok && basic.error.message).toContain('not Bearer');
  });
  it('checks the metadata chain and explains refusals', () => {
    expect(canonicalResource('HTTP://H:1/mcp/#x')).toEqual({ ok: true, value: 'http://h:1/mcp' });
    expect(readResourceMetadata({ resource: 'http://h:1/mcp', authorization_servers: ['http://h:1/as'] }, 'http://h:1/mcp').ok).toBe(true);
    const other = readResourceMetadata({ resource: 'http://evil/mcp', authorization_servers: ['x'] }, 'http://h:1/mcp');
    expect(!other.ok && other.error.message).toContain('not for this server');
    expect(readResourceMetadata({ resource: 'http://h:1/mcp' }, 'http://h:1/mcp').ok).toBe(false);
    const as = readAuthorizationServerMetadata({ issuer: 'http://127.0.0.1:1/as', authorization_endpoint: 'http://127.0.0.1:1/a', token_endpoint: 'http://127.0.0.1:1/t', registration_endpoint: 'http://127.0.0.1:1/r', code_challenge_methods_supported: ['S256'] }, 'http://127.0.0.1:1/as', 'oauth-authorization-server');
    expect(as.ok && as.value.registrationEndpoint).toBe('http://127.0.0.1:1/r');
    const plainOnly = readAuthorizationServerMetadata({ issuer: 'http://127.0.0.1:1/as', authorization_endpoint: 'http://127.0.0.1:1/a', token_endpoint: 'http://127.0.0.1:1/t', code_challenge_methods_supported: ['plain'] }, 'http://127.0.0.1:1/as', 'oauth-authorization-server');
    expect(!plainOnly.ok && plainOnly.error.message).toContain('S256');
    const refused = readRegistrationResponse(400, { error: 'invalid_redirect_uri', error_description: 'no loopback' });
    expect(!refused.ok && refused.error.message).toMatch(/refused to register.*invalid_redirect_uri.*no loopback.*by hand/);
    expect(readRegistrationResponse(201, { client_id: 'c1' })).toEqual({ ok: true, value: { clientId: 'c1', authMethod: 'none' } });
  });
});
