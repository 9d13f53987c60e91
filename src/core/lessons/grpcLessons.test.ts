import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import { GRPC_LESSONS } from './grpcLessons';
import { lessonToDraft } from './lessonDraft';
import { LESSONS } from './lessons';

describe('the gRPC lessons', () => {
  it('are listed, read the sandbox gRPC server’s address over HTTP, and teach the four calls', () => {
    for (const lesson of GRPC_LESSONS) expect(LESSONS).toContain(lesson);
    expect(GRPC_LESSONS.map((l) => [l.request.url, l.expectedStatus])).toEqual(GRPC_LESSONS.map(() => ['/sandbox/grpc/info', 200]));
    expect(GRPC_LESSONS.map((l) => l.grpc?.method)).toEqual(['SayHello', 'CountTo', 'Slow', 'Fail']);
  });

  it('open as a gRPC tab with the call, its message and its deadline', () => {
    const deadline = GRPC_LESSONS.find((l) => l.id === 'grpc-deadline')!;
    const draft = normaliseDraft(lessonToDraft(deadline, 'http://127.0.0.1:4000', { now: new Date(0) }));
    expect(draft.protocol).toBe('grpc');
    expect(draft.url).toMatch(/^grpc:\/\//);
    expect(draft.grpc).toMatchObject({ source: 'reflection', service: 'sandbox.Greeter', method: 'Slow', deadlineMs: 500 });
    expect(JSON.parse(draft.grpc!.messages[0]!)).toEqual({ delay_ms: 3000 });
    const fail = normaliseDraft(lessonToDraft(GRPC_LESSONS.find((l) => l.id === 'grpc-status-code')!, 'http://127.0.0.1:4000', { now: new Date(0) }));
    expect(fail.grpc).toMatchObject({ method: 'Fail', deadlineMs: 0 });
    expect(JSON.parse(fail.grpc!.messages[0]!)).toMatchObject({ code: 5 });
  });

  it('leave every other lesson an HTTP request', () => {
    const http = LESSONS.filter((l) => !l.grpc).map((l) => normaliseDraft(lessonToDraft(l, 'http://127.0.0.1:4000', { now: new Date(0) })));
    expect(http.filter((d) => d.protocol !== undefined)).toEqual([]);
  });
});
