import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_PROTOCOL_VERSIONS } from '../../core/protocols/mcp/versions';
import { checkStructuredContent, checkToolArguments } from '../../core/protocols/mcp/toolSchema';
import { McpSession } from './mcpSession';
import { initializeResult, startScriptedServer, startSdkServer, type Started } from '../../testing/mcpTestServers';

it('speaks every protocol version the installed SDK knows, newest first', () => {
  expect([...MCP_PROTOCOL_VERSIONS]).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
});

describe('MCP session against the official SDK server (no authorization)', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startSdkServer();
  });
  afterAll(() => server.close());

  it('runs the handshake, lists and calls tools like the SDK client, and ends with DELETE', async () => {
    const session = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
    const hello = await session.connect();
    expect(hello.ok).toBe(true);
    if (!hello.ok) return;
    expect(hello.handshake.negotiation.answered).toBe('2025-11-25');
    expect(hello.handshake.sessionId).toMatch(/[0-9a-f-]{36}/);
    expect(hello.handshake.capabilityLines.join('\n')).toContain('tools: offers tools');

    const reference = new Client({ name: 'reference', version: '1' });
    await reference.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const theirs = await reference.listTools();
    const ours = await session.request('tools/list');
    expect(ours.ok && (ours.result.tools as { name: string }[]).map((t) => t.name)).toEqual(theirs.tools.map((t) => t.name));

    const weatherTool = theirs.tools.find((t) => t.name === 'weather')!;
    const theirCall = await reference.callTool({ name: 'weather', arguments: { city: 'Oslo' } });
    const ourCall = await session.request('tools/call', { name: 'weather', arguments: { city: 'Oslo' } });
    expect(ourCall.ok && ourCall.result).toEqual(theirCall);
    expect(ourCall.ok && checkStructuredContent(weatherTool.outputSchema, ourCall.result).verdict).toBe('fits');
    await reference.close();

    const failing = await session.request('tools/call', { name: 'divide', arguments: { a: 1, b: 0 } });
    expect(failing.ok && failing.result.isError).toBe(true);
    // The SDK server reports an unknown tool as a tool error, quoting -32602.
    const unknown = await session.request('tools/call', { name: 'nope', arguments: {} });
    expect(unknown.ok && unknown.result).toEqual({ isError: true, content: [{ type: 'text', text: 'MCP error -32602: Tool nope not found' }] });
    const noMethod = await session.request('sampling/whatever');
    expect(!noMethod.ok && noMethod.failure.message).toContain('-32601 Method not found');

    const progress: number[] = [];
    const slow = await session.request('tools/call', { name: 'slow_count', arguments: { to: 3 } }, { onProgress: (p) => progress.push(p.progress as number) });
    expect(slow.ok && slow.result.content).toEqual([{ type: 'text', text: 'Counted to 3.' }]);
    expect(progress).toEqual([1, 2, 3]);

    const template = await session.request('resources/templates/list');
    expect(template.ok && JSON.stringify(template.result)).toContain('sandbox://orders/{id}');
    const read = await session.request('resources/read', { uri: 'sandbox://orders/1002' });
    expect(read.ok && JSON.stringify(read.result)).toContain('Notebook');
    const prompt = await session.request('prompts/get', { name: 'review_order', arguments: { orderId: '1001', tone: 'formal' } });
    expect(prompt.ok && JSON.stringify(prompt.result)).toContain('formal tone');
    const completion = await session.request('completion/complete', { ref: { type: 'ref/prompt', name: 'review_order' }, argument: { name: 'orderId', value: '100' } });
    expect(completion.ok && (completion.result.completion as { values: string[] }).values).toEqual(['1001', '1002', '1003']);

    await session.close();
    expect(server.seen.filter((s) => s.startsWith('DELETE'))).toHaveLength(1);
    // Every message both ways, in order, each response matched to its request.
    const out = session.wire.filter((e) => e.direction === 'out' && e.message?.kind === 'request');
    const answered = session.wire.filter((e) => e.answers && 'method' in e.answers);
    expect(answered.map((e) => (e.answers as { id: string }).id).sort()).toEqual(out.map((e) => String((e.message as { id: number }).id)).sort());
    expect(session.wire.map((e) => e.seq)).toEqual(session.wire.map((_, i) => i + 1));
    expect(session.wire.some((e) => e.message?.kind === 'notification' && e.message.method === 'notifications/progress')).toBe(true);
  });

  it('cancels a slow call with notifications/cancelled', async () => {
    const session = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
    await session.connect();
    let id = '';
    let cancelled = false;
    const slow = session.request('tools/call', { name: 'slow_count', arguments: { to: 50 } }, {
      onId: (i) => (id = i),
      onProgress: () => {
        if (!cancelled) void session.cancel(id);
        cancelled = true;
      },
    });
    const outcome = await slow;
    expect(!outcome.ok && outcome.failure.kind).toBe('cancelled');
    expect(session.wire.some((e) => e.message?.kind === 'notification' && e.message.method === 'notifications/cancelled' && e.message.params?.requestId === Number(id))).toBe(true);
    await session.close();
  });

  it('checks arguments against the input schema before sending, and the server refuses them too', async () => {
    const session = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
    await session.connect();
    const list = await session.request('tools/list');
    const divide = (list.ok ? (list.result.tools as { name: string; inputSchema: unknown }[]) : []).find((t) => t.name === 'divide')!;
    const check = checkToolArguments('divide', divide.inputSchema, { a: 'one' });
    expect(!check.ok && check.error.message).toMatch(/input schema of "divide": .*\/a/);
    const sent = await session.request('tools/call', { name: 'divide', arguments: { a: 'one' } });
    // The SDK server answers bad arguments as a tool error or as -32602; either way it is said.
    const said = sent.ok ? JSON.stringify(sent.result.content) : sent.failure.message;
    expect(said).toMatch(/Invalid|invalid/);
    await session.close();
  });

  it('speaks the older HTTP+SSE transport', async () => {
    const session = new McpSession({ url: `${server.origin}/sse`, transport: 'sse', headers: [] });
    const hello = await session.connect();
    expect(hello.ok).toBe(true);
    const call = await session.request('tools/call', { name: 'divide', arguments: { a: 6, b: 3 } });
    expect(call.ok && call.result.content).toEqual([{ type: 'text', text: '2' }]);
    expect(session.wire.some((e) => e.via === 'legacy-sse')).toBe(true);
    await session.close();
  });
});

describe('MCP session with authorization', () => {
  it('gets 401 with the challenge without a token, and connects with it', async () => {
    const server = await startSdkServer({ token: 't0ken' });
    try {
      const anon = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
      const refused = await anon.connect();
      expect(!refused.ok && refused.failure).toMatchObject({ kind: 'unauthorized', status: 401 });
      expect(!refused.ok && refused.failure.challenges?.[0]).toContain('resource_metadata=');
      const authed = new McpSession({ url: server.url, transport: 'streamable-http', headers: [{ name: 'Authorization', value: 'Bearer t0ken' }] });
      expect((await authed.connect()).ok).toBe(true);
      // The token never appears on the wire record (it is an HTTP header, not a message).
      expect(JSON.stringify(authed.wire)).not.toContain('t0ken');
      await authed.close();
    } finally {
      await server.close();
    }
  });
});

describe('MCP session: bad input, each a clear error and nothing lost', () => {
  it('refuses an initialize answered with an unsupported protocol version, and disconnects', async () => {
    const server = await startScriptedServer((m, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(m.method === 'initialize' ? initializeResult(m.id, '1999-01-01') : '');
    });
    try {
      const session = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
      const r = await session.connect();
      expect(!r.ok && r.failure.kind).toBe('version');
      expect(!r.ok && r.failure.message).toContain('"1999-01-01", which this client does not speak');
      expect(session.wire.some((e) => e.text.includes('1999-01-01'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('keeps a malformed message and a response with an unknown id on the wire, explained', async () => {
    const server = await startScriptedServer((m, res) => {
      if (m.method === 'initialize') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(initializeResult(m.id));
      }
      if (!('id' in m)) {
        res.writeHead(202);
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('event: message\ndata: {"jsonrpc":"2.0","id":,}\n\n');
      res.write(`event: message\ndata: {"jsonrpc":"2.0","id":4242,"result":{}}\n\n`);
      res.end(`event: message\ndata: {"jsonrpc":"2.0","id":${m.id},"result":{"tools":[]}}\n\n`);
    });
    try {
      const session = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
      expect((await session.connect()).ok).toBe(true);
      const r = await session.request('tools/list');
      expect(r.ok && r.result).toEqual({ tools: [] });
      const malformed = session.wire.find((e) => e.problem?.includes('is not JSON'));
      expect(malformed?.text).toBe('{"jsonrpc":"2.0","id":,}');
      const stray = session.wire.find((e) => e.answers && 'unmatched' in e.answers);
      expect(stray && 'unmatched' in stray.answers! && stray.answers.unmatched).toContain('id 4242, which this client never sent');
    } finally {
      await server.close();
    }
  });

  it('says an SSE stream dropped mid-message, showing what arrived', async () => {
    const server = await startScriptedServer((m, res) => {
      if (m.method === 'initialize') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(initializeResult(m.id));
      }
      if (!('id' in m)) {
        res.writeHead(202);
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`event: message\ndata: {"jsonrpc":"2.0","id":${m.id},"resu`);
      setImmediate(() => res.destroy());
    });
    try {
      const session = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
      await session.connect();
      const r = await session.request('tools/list');
      expect(!r.ok && r.failure.kind).toBe('stream-dropped');
      expect(!r.ok && r.failure.message).toMatch(/ended in the middle of an event.*"resu/);
    } finally {
      await server.close();
    }
  });
});
