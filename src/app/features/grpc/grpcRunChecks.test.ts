import { describe, expect, it } from 'vitest';
import { normaliseDraft, type Collection, type SavedRequest } from '../../../core';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcCallEvent } from '../../../core/protocols/grpc/callModel';
import { grpcExchangeView } from '../../../core/protocols/grpc/grpcExchange';
import { newCapture } from '../checks/checksModel';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { runGrpcStepChecks } from './grpcRunChecks';

let n = 0;
const hello = (): SavedRequest => ({
  kind: 'request',
  id: 'req-hello',
  name: 'Say hello',
  requestType: 'http',
  draft: normaliseDraft({ name: 'Say hello', method: 'POST', url: 'grpc://127.0.0.1:50051' }),
  captures: [
    newCapture({ id: 'cap-greeting', variable: 'greeting', from: { kind: 'jsonpath', path: '$.message' } }),
    { ...newCapture({ id: 'cap-col', variable: 'lastGreeting', from: { kind: 'jsonpath', path: '$.message' } }), scope: 'collection' },
    newCapture({ id: 'cap-missing', variable: 'nothing', from: { kind: 'jsonpath', path: '$.absent' } }),
  ],
  assertions: [{ id: 'asr-ok', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '0' }],
});

/** A unary call to sandbox.Greeter/SayHello as the relay reports it. */
function unaryView(message: unknown, code = 0) {
  const events: GrpcCallEvent[] = [
    { type: 'started', callId: 'c1', path: '/sandbox.Greeter/SayHello', kind: 'unary', requestType: 'sandbox.HelloRequest', responseType: 'sandbox.HelloReply', at: 1 },
    { type: 'sent', index: 0, message: { name: 'Ada' }, at: 2 },
    { type: 'headers', metadata: [{ name: 'content-type', value: 'application/grpc' }], at: 3 },
    { type: 'message', index: 0, message, at: 4 },
    { type: 'status', code, details: code === 0 ? 'OK' : 'failed', trailers: [], at: 5 },
  ];
  const t = events.reduce(applyGrpcEvent, emptyGrpcTranscript('sandbox.Greeter', 'SayHello'));
  const view = grpcExchangeView(t, { url: 'grpc://127.0.0.1:50051', metadata: [] });
  if (!view) throw new Error('the call should map onto an exchange');
  return view;
}

describe('a gRPC run step’s checks', () => {
  it('writes captured fields into the run scope and the request’s collection, and reports them', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `grpc-run-checks-${++n}` });
    const collection: Collection = { id: 'col-grpc', name: 'gRPC', variables: [], items: [hello()] };
    store.setState({ collections: [collection] });
    const checks = runGrpcStepChecks(store, hello(), unaryView({ message: 'Hello, Ada' }));
    expect(store.getState().runValues.greeting).toBe('Hello, Ada');
    expect(store.getState().collections[0]!.variables).toEqual([{ name: 'lastGreeting', value: 'Hello, Ada' }]);
    expect(checks.captures.map((c) => [c.variable, c.value ?? c.error !== undefined])).toEqual([['greeting', 'Hello, Ada'], ['lastGreeting', 'Hello, Ada'], ['nothing', true]]);
    expect(checks.assertions.map((a) => a.passed)).toEqual([true]);
  });

  it('keeps a collection capture in the run scope when the request is in no collection, and fails a status assertion on a non-OK code', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `grpc-run-checks-${++n}` });
    const checks = runGrpcStepChecks(store, hello(), unaryView({ message: 'Hi' }, 5));
    expect(store.getState().runValues.lastGreeting).toBe('Hi');
    expect(checks.assertions[0]).toMatchObject({ passed: false, actual: '5' });
  });

  it('masks a secret capture in the report and marks the run variable secret', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `grpc-run-checks-${++n}` });
    const request = { ...hello(), captures: [{ ...newCapture({ id: 'cap-token', variable: 'token', from: { kind: 'jsonpath', path: '$.message' } }), secret: true }] };
    const checks = runGrpcStepChecks(store, request, unaryView({ message: 'tok-1234567890abcdef' }));
    expect(store.getState().runValues.token).toBe('tok-1234567890abcdef');
    expect(store.getState().runSecretNames).toContain('token');
    expect(checks.captures[0]!.value).not.toContain('1234567890abcdef');
  });
});
