/**
 * A finished gRPC call as core/run's `ExchangeView`, so the runner's and the CLI's captures
 * and assertions read it as they read an HTTP exchange: status = the gRPC status code (0 OK,
 * 4 DEADLINE_EXCEEDED…), reason = its name, headers = the response metadata then the
 * trailers (with `grpc-status` and `grpc-message`), body = the response message as JSON —
 * or a JSON array of the messages for a server- or bidi-streaming call.
 */
import type { HeaderField } from '../../types';
import type { ExchangeView } from '../../run/exchangeView';
import { grpcStatusInfo } from './statusCodes';
import type { GrpcTranscript } from './callModel';

/** The body text of a transcript: one message, or the array of them for streaming responses. */
export function grpcResponseBodyText(t: GrpcTranscript): string {
  const streams = t.kind === 'server-streaming' || t.kind === 'bidi';
  if (streams) return JSON.stringify(t.received.map((r) => r.message), null, 2);
  const first = t.received[0];
  return first === undefined ? '' : JSON.stringify(first.message, null, 2);
}

/** The view of a call that ended with a status; undefined when it never got one (an error before the call). */
export function grpcExchangeView(t: GrpcTranscript, request: { url: string; metadata: HeaderField[] }): ExchangeView | undefined {
  if (!t.status) return undefined;
  const info = grpcStatusInfo(t.status.code);
  const headers: HeaderField[] = [
    ...(t.headers ?? []),
    ...t.status.trailers,
    { name: 'grpc-status', value: String(t.status.code) },
    ...(t.status.details ? [{ name: 'grpc-message', value: t.status.details }] : []),
  ];
  const bodyText = grpcResponseBodyText(t);
  const requestBody = t.sent.length === 1 ? JSON.stringify(t.sent[0]!.message) : JSON.stringify(t.sent.map((s) => s.message));
  return {
    request: { method: 'POST', url: `${request.url.replace(/\/+$/, '')}/${t.service}/${t.method}`, headers: request.metadata, bodyText: requestBody },
    status: t.status.code,
    reason: info.name,
    httpVersion: '2',
    headers,
    bodyText,
    ...(bodyText === '' ? { bodyAbsence: 'empty' as const } : {}),
    durationMs: Math.round(t.status.at),
    sizeBytes: new TextEncoder().encode(bodyText).length,
  };
}

/** One line saying how a call ended, for run reports and history. */
export function grpcOutcomeLine(t: GrpcTranscript): string {
  if (t.error) return t.error.message;
  if (!t.status) return 'The call has not ended.';
  const info = grpcStatusInfo(t.status.code);
  return `${t.status.code} ${info.name}${t.status.details ? `: ${t.status.details}` : ''} — ${info.meaning}`;
}
