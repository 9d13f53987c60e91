import { describe, expect, it } from 'vitest';
import {
  GRPC_STATUS_CODES, checkGrpcDeadline, checkGrpcMessage, describeDeadline, findGrpcMethod, grpcExchangeView, grpcSampleMessage,
  grpcStatusCodeOf, grpcStatusInfo, grpcTimeoutHeader, parseGrpcAddress, parseGrpcTimeout, applyGrpcEvent, emptyGrpcTranscript,
  type GrpcCatalog,
} from './index';

const catalog: GrpcCatalog = {
  services: [{ name: 'demo.Shop', methods: [{ name: 'Order', requestType: 'demo.Order', responseType: 'demo.Order', clientStreaming: false, serverStreaming: false }] }],
  enums: { 'demo.Size': { name: 'demo.Size', values: [{ name: 'SIZE_UNSPECIFIED', number: 0 }, { name: 'SMALL', number: 1 }, { name: 'LARGE', number: 2 }] } },
  messages: {
    'demo.Order': {
      name: 'demo.Order', oneofs: ['payment'],
      fields: [
        { name: 'customer_name', jsonName: 'customerName', number: 1, type: { scalar: 'string' }, repeated: false },
        { name: 'quantity', number: 2, type: { scalar: 'int32' }, repeated: false },
        { name: 'ids', number: 3, type: { scalar: 'int64' }, repeated: true },
        { name: 'size', number: 4, type: { enum: 'demo.Size' }, repeated: false },
        { name: 'notes', number: 5, type: { scalar: 'string' }, repeated: false, mapKey: 'string' },
        { name: 'card', number: 6, type: { scalar: 'string' }, repeated: false, oneof: 'payment' },
        { name: 'cash', number: 7, type: { scalar: 'bool' }, repeated: false, oneof: 'payment' },
        { name: 'parent', number: 8, type: { message: 'demo.Order' }, repeated: false },
        { name: 'lines', number: 9, type: { message: 'demo.Line' }, repeated: true },
        { name: 'at', number: 10, type: { message: 'google.protobuf.Timestamp' }, repeated: false },
      ],
    },
    'demo.Line': { name: 'demo.Line', oneofs: [], fields: [{ name: 'sku', number: 1, type: { scalar: 'string' }, repeated: false }, { name: 'blob', number: 2, type: { scalar: 'bytes' }, repeated: false }] },
  },
};

describe('gRPC status codes', () => {
  it('explains all 17 codes with what to check and the usual HTTP status', () => {
    expect(GRPC_STATUS_CODES.map((s) => s.code)).toEqual([...Array(17).keys()]);
    for (const s of GRPC_STATUS_CODES) {
      expect(s.meaning.length).toBeGreaterThan(10);
      expect(s.check.length).toBeGreaterThan(10);
      expect(s.httpStatus).toBeGreaterThanOrEqual(200);
    }
    expect(grpcStatusInfo(4)).toMatchObject({ name: 'DEADLINE_EXCEEDED', httpStatus: 504 });
    expect(grpcStatusInfo(16)).toMatchObject({ name: 'UNAUTHENTICATED', httpStatus: 401 });
    expect(grpcStatusInfo(14).check).toContain('grpcs://');
    expect(grpcStatusInfo(42).meaning).toContain('not one of the 17');
    expect(grpcStatusCodeOf('deadline exceeded')).toBe(4);
    expect(grpcStatusCodeOf('12')).toBe(12);
    expect(grpcStatusCodeOf('nope')).toBeUndefined();
  });
});

describe('gRPC deadlines', () => {
  it('writes and reads grpc-timeout', () => {
    expect(grpcTimeoutHeader(250)).toBe('250m');
    expect(grpcTimeoutHeader(200_000_000)).toBe('200000S');
    expect(parseGrpcTimeout('2S')).toBe(2000);
    expect(parseGrpcTimeout('123456789S')).toBeUndefined();
    expect(describeDeadline(0)).toContain('No deadline');
    expect(describeDeadline(1500)).toContain('1.5 s');
  });
  it('refuses a deadline that is not a whole number of milliseconds', () => {
    expect(checkGrpcDeadline('')).toEqual({ ok: true, ms: 0 });
    expect(checkGrpcDeadline('5000')).toEqual({ ok: true, ms: 5000 });
    const bad = checkGrpcDeadline('5s');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toContain('"5s"');
  });
});

describe('gRPC sample messages', () => {
  it('fills each field once, one oneof member, recursion cut, enums by name, maps and well-known types', () => {
    const sample = grpcSampleMessage(catalog, 'demo.Order') as Record<string, unknown>;
    expect(sample).toEqual({
      customer_name: 'World', quantity: 1, ids: ['1'], size: 'SMALL', notes: { key: 'text' }, card: 'text',
      lines: [{ sku: 'text', blob: 'aGVsbG8=' }], at: '2024-01-01T00:00:00Z',
    });
    expect(checkGrpcMessage(catalog, 'demo.Order', JSON.stringify(sample)).ok).toBe(true);
    expect(grpcSampleMessage(catalog, 'demo.Missing')).toEqual({});
  });
});

describe('gRPC message checks', () => {
  it('says where JSON stops parsing', () => {
    const r = checkGrpcMessage(catalog, 'demo.Order', '{\n  "quantity": 1,\n  oops\n}');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]).toMatchObject({ line: 3, column: 3 });
  });
  it('names unknown fields, wrong kinds, unknown enum values and double oneofs', () => {
    const r = checkGrpcMessage(catalog, 'demo.Order', JSON.stringify({ quantiy: 1, quantity: 'x', size: 'HUGE', card: 'c', cash: true, lines: [{ sku: 3 }], notes: [] }));
    expect(r.ok).toBe(false);
    const text = !r.ok ? r.problems.map((p) => p.message).join('\n') : '';
    expect(text).toContain('has no field "quantiy"');
    expect(text).toContain('$.quantity: expected a whole number');
    expect(text).toContain('HUGE');
    expect(text).toContain('oneof "payment"');
    expect(text).toContain('$.lines[0].sku: expected a string');
    expect(text).toContain('$.notes: a map field');
  });
  it('accepts JSON names and int64 as strings', () => {
    expect(checkGrpcMessage(catalog, 'demo.Order', '{"customerName":"a","ids":["9007199254740993"]}').ok).toBe(true);
  });
});

describe('gRPC addresses and methods', () => {
  it('reads grpc:// and grpcs://, refuses paths and other schemes', () => {
    expect(parseGrpcAddress('grpc://127.0.0.1:50051')).toEqual({ ok: true, value: { tls: false, host: '127.0.0.1', port: 50051, authority: '127.0.0.1:50051' } });
    expect(parseGrpcAddress('grpcs://api.example.com')).toMatchObject({ ok: true, value: { tls: true, port: 443 } });
    expect(parseGrpcAddress('grpc://h:1/pkg.Svc/M')).toMatchObject({ ok: false });
    expect(parseGrpcAddress('ws://h:1')).toMatchObject({ ok: false });
    expect(parseGrpcAddress('h:1')).toMatchObject({ ok: false, message: expect.stringContaining('grpc://h:1') });
  });
  it('names what there is when a service or method is unknown', () => {
    expect(findGrpcMethod(catalog, 'demo.Nope', 'Order')).toMatchObject({ ok: false, message: expect.stringContaining('demo.Shop') });
    expect(findGrpcMethod(catalog, 'demo.Shop', 'Nope')).toMatchObject({ ok: false, message: expect.stringContaining('Order') });
  });
});

describe('gRPC calls as exchange views', () => {
  it('maps status, metadata, trailers and streamed messages', () => {
    let t = emptyGrpcTranscript('demo.Shop', 'Order');
    t = applyGrpcEvent(t, { type: 'started', callId: 'c', path: '/demo.Shop/Order', kind: 'server-streaming', requestType: 'demo.Order', responseType: 'demo.Order', at: 0 });
    t = applyGrpcEvent(t, { type: 'sent', index: 0, message: { quantity: 1 }, at: 1 });
    t = applyGrpcEvent(t, { type: 'headers', metadata: [{ name: 'x-served-by', value: 'a' }], at: 2 });
    t = applyGrpcEvent(t, { type: 'message', index: 0, message: { n: 1 }, at: 3 });
    t = applyGrpcEvent(t, { type: 'message', index: 1, message: { n: 2 }, at: 4 });
    t = applyGrpcEvent(t, { type: 'status', code: 0, details: 'OK', trailers: [{ name: 'x-count', value: '2' }], at: 5 });
    const view = grpcExchangeView(t, { url: 'grpc://h:1', metadata: [] })!;
    expect(view.status).toBe(0);
    expect(view.reason).toBe('OK');
    expect(view.headers.map((h) => h.name)).toEqual(['x-served-by', 'x-count', 'grpc-status', 'grpc-message']);
    expect(JSON.parse(view.bodyText!)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(grpcExchangeView(applyGrpcEvent(emptyGrpcTranscript('a', 'b'), { type: 'error', error: { kind: 'proto', message: 'x' }, at: 0 }), { url: '', metadata: [] })).toBeUndefined();
  });
});
