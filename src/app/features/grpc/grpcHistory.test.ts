import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../../../core';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcCallEvent } from '../../../core/protocols/grpc/callModel';
import { emptyGrpcSettings } from '../../../core/protocols/grpc/settings';
import { maskedHistoryBody } from '../workspace/historyBodies';
import { historyEntryWithSecrets } from '../workspace/workspaceRecords';
import { grpcHistoryRecord, transcriptFromHistory } from './grpcHistory';

const TOKEN = 'grpc-token-8f3a9c2d7e1b4a6f';

const draft = normaliseDraft({
  name: 'Who am I',
  method: 'POST',
  url: 'grpc://127.0.0.1:50051',
  headers: [],
  auth: { scheme: 'bearer', values: { token: TOKEN } },
  protocol: 'grpc',
  grpc: { ...emptyGrpcSettings(), service: 'sandbox.Greeter', method: 'WhoAmI' },
});

function transcript(events: GrpcCallEvent[]) {
  return events.reduce(applyGrpcEvent, emptyGrpcTranscript('sandbox.Greeter', 'WhoAmI'));
}

describe('a gRPC call in history', () => {
  it('keeps the call, its status and the transcript, with the token masked everywhere, and reopens as a gRPC draft', async () => {
    const t = transcript([
      { type: 'started', callId: 'c1', path: '/sandbox.Greeter/WhoAmI', kind: 'unary', requestType: 'sandbox.WhoAmIRequest', responseType: 'sandbox.HelloReply', at: 1000 },
      { type: 'sent', index: 0, message: {}, at: 1001 },
      { type: 'headers', metadata: [{ name: 'content-type', value: 'application/grpc' }], at: 1002 },
      { type: 'message', index: 0, message: { message: `You sent Bearer ${TOKEN}` }, at: 1003 },
      { type: 'status', code: 0, details: 'OK', trailers: [{ name: 'x-served-by', value: 'sandbox' }], at: 1010 },
    ]);
    const { record, transcript: text } = grpcHistoryRecord(draft, [{ name: 'authorization', value: `Bearer ${TOKEN}` }], t, 1000);
    expect(record.wire.url).toBe('grpc://127.0.0.1:50051/sandbox.Greeter/WhoAmI');
    expect(record.head?.reason).toBe('grpc-status 0 OK');
    expect(record.head?.headers).toContainEqual({ name: 'grpc-status', value: '0' });
    expect(record.elapsedMs).toBe(1010);
    const { entry, carried } = historyEntryWithSecrets(record);
    expect(JSON.stringify(entry)).not.toContain(TOKEN);
    expect(entry.draft.protocol).toBe('grpc');
    expect(entry.draft.grpc).toMatchObject({ service: 'sandbox.Greeter', method: 'WhoAmI' });
    const body = await maskedHistoryBody(new Blob([text], { type: 'application/json' }), 'application/json', carried);
    expect(body).not.toBe('too-large');
    const stored = await (body as Blob).text();
    expect(stored).not.toContain(TOKEN);
    expect(JSON.parse(stored)).toMatchObject({ service: 'sandbox.Greeter', method: 'WhoAmI', status: { code: 0 }, received: [{ at: 1003 }] });
    // Reopened from history, the tab reads the call back from the stored body.
    expect(transcriptFromHistory([new TextEncoder().encode(stored)])).toMatchObject({ method: 'WhoAmI', status: { code: 0, details: 'OK' } });
    expect(transcriptFromHistory([new TextEncoder().encode('{"not":"a call"}')])).toBeUndefined();
  });

  it('records a call that never reached a status as an error, with no head', () => {
    const t = transcript([{ type: 'error', error: { kind: 'address', message: 'Nothing answered at 127.0.0.1:1.' }, at: 5 }]);
    const { record } = grpcHistoryRecord(draft, [], t, 1);
    expect(record.head).toBeUndefined();
    expect(record.error?.message).toBe('Nothing answered at 127.0.0.1:1.');
  });
});
