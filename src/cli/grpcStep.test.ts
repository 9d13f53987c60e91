/**
 * The CLI's gRPC step against the sandbox gRPC server (grpc-js with @grpc/reflection) on
 * loopback: status and JSONPath assertions and captures on a unary call and a server
 * stream, a deadline exceeded as status 4, an unknown service and a bad .proto as step
 * errors, and a Bearer token masked in the report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDraft, type RequestDraft } from '../core';
import { emptyGrpcSettings, type GrpcSettings } from '../core/protocols/grpc/settings';
import type { Assertion, Capture } from '../core/run';
import type { SavedRequest } from '../core/workspace/model';
import { startGrpcSandbox, type RunningGrpcSandbox } from '../sandbox/grpc/grpcSandbox';
import { runGrpcStep } from './grpcStep';
import { SecretMask } from './secrets';
import type { StepContext } from './step';
import { RunScope } from './variables';

let sandbox: RunningGrpcSandbox;
beforeAll(async () => {
  sandbox = await startGrpcSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

function step(grpc: Partial<GrpcSettings>, extra: { captures?: Capture[]; assertions?: Assertion[]; draft?: Partial<RequestDraft> } = {}) {
  const mask = new SecretMask();
  const variables = new RunScope([], undefined, [], {}, mask);
  const draft: RequestDraft = { ...emptyDraft(sandbox.address), protocol: 'grpc', grpc: { ...emptyGrpcSettings(), service: 'sandbox.Greeter', ...grpc }, ...extra.draft };
  const request = { kind: 'request', id: 'r1', name: 'gRPC step', requestType: 'http', draft, captures: extra.captures ?? [], assertions: extra.assertions ?? [] } as unknown as SavedRequest;
  const ctx = { variables, mask, iteration: 0, iterationCount: 1, scriptTimeoutMs: 1000, console: () => undefined, insecure: false, note: () => undefined } as unknown as StepContext;
  return runGrpcStep({ request, collection: { id: 'c', name: 'c', items: [request] } as never, path: [] }, ctx).then((o) => ({ ...o, variables }));
}

describe('wirebench run: gRPC steps', () => {
  it('asserts on the status and a field, and captures a field of a unary reply', async () => {
    const { result, variables } = await step({ method: 'SayHello', messages: ['{"name":"Run"}'] }, {
      assertions: [
        { id: 'a1', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '0' },
        { id: 'a2', kind: 'compare', subject: { kind: 'jsonpath', path: '$.message' }, operator: '==', expected: 'Hello, Run!' },
        { id: 'a3', kind: 'compare', subject: { kind: 'header', name: 'x-handled-by' }, operator: '==', expected: 'wirebench-sandbox' },
      ],
      captures: [{ id: 'c1', variable: 'greeting', scope: 'collection', from: { kind: 'jsonpath', path: '$.message' } } as Capture],
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(0);
    expect(result.reason).toBe('OK');
    expect(result.assertions.map((a) => a.passed)).toEqual([true, true, true]);
    expect(variables.values().greeting).toBe('Hello, Run!');
  });

  it('reads a server stream as a JSON array and fails an assertion that does not hold', async () => {
    const { result } = await step({ method: 'CountTo', messages: ['{"to":4}'] }, {
      assertions: [
        { id: 'a1', kind: 'compare', subject: { kind: 'jsonpath', path: '$[3].n' }, operator: '==', expected: '4' },
        { id: 'a2', kind: 'compare', subject: { kind: 'jsonpath', path: '$[0].n' }, operator: '==', expected: '2' },
      ],
    });
    expect(result.assertions.map((a) => a.passed)).toEqual([true, false]);
  });

  it('sends every saved message of a client stream', async () => {
    const { result } = await step({ method: 'Sum', messages: ['{"value":"5"}', '{"value":"6"}'] }, { assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'jsonpath', path: '$.total' }, operator: '==', expected: '11' }] });
    expect(result.assertions[0]!.passed).toBe(true);
  });

  it('a deadline exceeded is status 4, which a status assertion can check', async () => {
    const { result } = await step({ method: 'Slow', messages: ['{"delay_ms":30000}'], deadlineMs: 100 }, { assertions: [{ id: 'a', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '0' }] });
    expect(result.status).toBe(4);
    expect(result.reason).toBe('DEADLINE_EXCEEDED');
    expect(result.assertions[0]!.passed).toBe(false);
  });

  it('an unknown service and a .proto that does not compile fail the step with the reason', async () => {
    const unknown = await step({ service: 'sandbox.Nope', method: 'SayHello' });
    expect(unknown.result.error).toMatchObject({ kind: 'unknown_method', message: expect.stringContaining('sandbox.Greeter') });
    const bad = await step({ source: 'proto', protoFiles: { 'x.proto': 'syntax = "proto3";\nservice {\n' }, method: 'SayHello' });
    expect(bad.result.error).toMatchObject({ kind: 'proto', message: expect.stringContaining('x.proto, line 2') });
  });

  it('sends the Bearer token as metadata and keeps it out of the report', async () => {
    const token = 'sekrit-token-1234567';
    const { result } = await step({ method: 'WhoAmI', messages: ['{}'] }, { draft: { auth: { scheme: 'bearer', values: { token } } } as Partial<RequestDraft> });
    expect(result.status).toBe(0);
    expect(JSON.stringify(result)).not.toContain(token);
  });
});
