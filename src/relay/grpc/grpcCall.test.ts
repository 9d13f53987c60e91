/**
 * gRPC through the relay against real grpc-js servers on loopback: the sandbox's (with
 * @grpc/reflection) and one without reflection. Each kind of call, metadata and trailers,
 * deadlines, and the bad inputs: a .proto that does not compile, an unknown service, a
 * message of the wrong shape, an unreachable server.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcCallEvent, type GrpcCallRequest, type GrpcTranscript } from '../../core/protocols/grpc';
import { SANDBOX_PROTO } from '../../sandbox/grpc/sandboxProto';
import { startGrpcSandbox, type RunningGrpcSandbox } from '../../sandbox/grpc/grpcSandbox';
import { startGrpcCall, type GrpcCallHandle } from './call';
import { describeGrpc } from './describe';

let sandbox: RunningGrpcSandbox;
let bare: grpc.Server;
let barePort = 0;

beforeAll(async () => {
  sandbox = await startGrpcSandbox({ port: 0 });
  bare = new grpc.Server();
  barePort = await new Promise<number>((resolve, reject) => bare.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
});

afterAll(async () => {
  await sandbox.close();
  bare.forceShutdown();
});

function call(request: Partial<GrpcCallRequest>, during?: (handle: GrpcCallHandle, events: GrpcCallEvent[]) => void): Promise<{ t: GrpcTranscript; events: GrpcCallEvent[] }> {
  const full: GrpcCallRequest = { url: sandbox.address, source: 'reflection', service: 'sandbox.Greeter', method: 'SayHello', messages: [{}], metadata: [], deadlineMs: 10_000, ...request };
  const events: GrpcCallEvent[] = [];
  const handle = startGrpcCall(full, 'test', (e) => {
    events.push(e);
    if (e.type === 'started') during?.(handle, events);
  });
  return handle.done.then(() => ({ t: events.reduce(applyGrpcEvent, emptyGrpcTranscript(full.service, full.method)), events }));
}

describe('gRPC describe', () => {
  it('lists the sandbox services by reflection, maps and oneofs as the .proto has them', async () => {
    const found = await describeGrpc({ url: sandbox.address, source: 'reflection' });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.reflectionVersion).toBe('v1');
    expect(found.catalog.services.map((s) => s.name)).toEqual(['sandbox.Greeter']);
    const methods = found.catalog.services[0]!.methods;
    expect(methods.find((m) => m.name === 'Chat')).toMatchObject({ clientStreaming: true, serverStreaming: true });
    expect(found.catalog.messages['sandbox.HelloRequest']!.fields.find((f) => f.name === 'tags')).toMatchObject({ mapKey: 'string', type: { scalar: 'string' } });
    expect(found.catalog.messages['sandbox.ChatMessage']!.oneofs).toEqual(['from']);
    expect(found.catalog.enums['sandbox.Mood']!.values.map((v) => v.name)).toContain('GRUMPY');
  });

  it('says a server without reflection offers none, and to load .proto files', async () => {
    const found = await describeGrpc({ url: `grpc://127.0.0.1:${barePort}`, source: 'reflection' });
    expect(found).toMatchObject({ ok: false, error: { kind: 'reflection', message: expect.stringContaining('.proto') } });
  });

  it('names file, line and column of a .proto that does not compile', async () => {
    const found = await describeGrpc({ url: '', source: 'proto', protoFiles: { 'shop.proto': 'syntax = "proto3";\nmessage Order {\n  strin g name = 1;\n}\n' } });
    expect(found).toMatchObject({ ok: false, error: { kind: 'proto', file: 'shop.proto', line: 3 } });
    expect(!found.ok && found.error.message).toMatch(/shop\.proto, line 3, column \d+/);
    const missing = await describeGrpc({ url: '', source: 'proto', protoFiles: { 'a.proto': 'syntax = "proto3";\nservice S {\n  rpc M (Nope) returns (Nope);\n}\n' } });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'proto', file: 'a.proto', line: 3, message: expect.stringContaining('Nope') } });
    const noImport = await describeGrpc({ url: '', source: 'proto', protoFiles: { 'a.proto': 'syntax = "proto3";\nimport "common.proto";\n' } });
    expect(noImport).toMatchObject({ ok: false, error: { message: expect.stringContaining('"common.proto"') } });
  });
});

describe('gRPC calls', () => {
  it('makes a unary call: response headers, message, trailers, status 0', async () => {
    const { t } = await call({ messages: [{ name: 'Ada', mood: 'GRUMPY', tags: { team: 'core' } }] });
    expect(t.status).toMatchObject({ code: 0 });
    expect(t.kind).toBe('unary');
    expect(t.headers).toContainEqual({ name: 'x-sandbox', value: 'grpc' });
    expect(t.status!.trailers).toContainEqual({ name: 'x-handled-by', value: 'wirebench-sandbox' });
    expect(t.received[0]!.message).toMatchObject({ message: 'Hello, Ada! Cheer up.', tags: { team: 'core' } });
    expect((t.received[0]!.message as { at: string }).at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('reads a server stream message by message', async () => {
    const { t } = await call({ method: 'CountTo', messages: [{ to: 3 }] });
    expect(t.received.map((r) => r.message)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(t.status!.trailers).toContainEqual({ name: 'x-count', value: '3' });
  });

  it('sends a client stream and half-closes', async () => {
    const { t } = await call({ method: 'Sum', messages: [{ value: '9007199254740993' }, { value: 2 }], end: true });
    expect(t.sent).toHaveLength(2);
    expect(t.received[0]!.message).toEqual({ total: '9007199254740995', count: 2 });
  });

  it('talks both ways on a bidi stream: messages sent after the start, then End', async () => {
    const { t } = await call({ method: 'Chat', messages: [{ text: 'one', user: 'me' }] }, (handle, events) => {
      const more = () => {
        if (events.filter((e) => e.type === 'message').length < 1) return void setImmediate(more);
        expect(handle.send({ text: 'two' })).toBeUndefined();
        handle.end();
        expect(handle.send({ text: 'three' })).toMatchObject({ kind: 'bad_request' });
      };
      more();
    });
    expect(t.received.map((r) => (r.message as { text: string }).text)).toEqual(['You said: one', 'You said: two']);
    expect(t.received[0]!.message).toMatchObject({ bot: true });
    expect(t.received[0]!.message).not.toHaveProperty('user');
    expect(t.status!.trailers).toContainEqual({ name: 'x-messages-seen', value: '2' });
  });

  it('ends with 4 DEADLINE_EXCEEDED when the deadline passes', async () => {
    const { t } = await call({ method: 'Slow', messages: [{ delay_ms: 30_000 }], deadlineMs: 150 });
    expect(t.status!.code).toBe(4);
    expect(t.received).toEqual([]);
  });

  it('sends metadata from the draft: a Bearer token reaches the server, none gives 16', async () => {
    const ok = await call({ method: 'WhoAmI', messages: [{}], metadata: [{ name: 'Authorization', value: 'Bearer abc123' }] });
    expect(ok.t.received[0]!.message).toMatchObject({ message: 'Token accepted (6 characters).' });
    const refused = await call({ method: 'WhoAmI', messages: [{}] });
    expect(refused.t.status).toMatchObject({ code: 16 });
  });

  it('calls with definitions from .proto text', async () => {
    const { t } = await call({ source: 'proto', protoFiles: { 'sandbox.proto': SANDBOX_PROTO }, method: 'Fail', messages: [{ code: 5, message: 'no such order' }] });
    expect(t.status).toMatchObject({ code: 5, details: 'no such order' });
  });

  it('refuses an unknown service, naming the ones there are', async () => {
    const { t, events } = await call({ service: 'sandbox.Nope' });
    expect(t.error).toMatchObject({ kind: 'unknown_method', message: expect.stringContaining('sandbox.Greeter') });
    expect(events.some((e) => e.type === 'started')).toBe(false);
  });

  it('refuses a message of the wrong shape before anything is sent', async () => {
    const { t } = await call({ messages: [{ nmae: 'x' }] });
    expect(t.error).toMatchObject({ kind: 'bad_message', message: expect.stringContaining('no field "nmae"') });
    expect(t.sent).toEqual([]);
  });

  it('reports an unreachable server as 14 UNAVAILABLE', async () => {
    const closed = await startGrpcSandbox({ port: 0 });
    await closed.close();
    const { t } = await call({ url: closed.address, source: 'proto', protoFiles: { 'sandbox.proto': SANDBOX_PROTO } });
    expect(t.status!.code).toBe(14);
    const viaReflection = await call({ url: closed.address });
    expect(viaReflection.t.status!.code).toBe(14);
    expect(viaReflection.t.status!.details).toContain('reflection');
  });

  it('cancels a call in flight: 1 CANCELLED', async () => {
    const { t } = await call({ method: 'Slow', messages: [{ delay_ms: 30_000 }] }, (handle) => handle.cancel());
    expect(t.status!.code).toBe(1);
  });
});
