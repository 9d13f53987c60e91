/**
 * A gRPC call between the page and the relay, and its transcript. The page POSTs a
 * `GrpcCallRequest` to `/api/grpc/calls`; the relay answers with NDJSON lines, one
 * `GrpcCallEvent` each, as they happen (started, each message sent, the response headers,
 * each response message, the status with its trailers — or an error before any call
 * started). Further client messages, half-close and cancel are POSTs naming the call.
 * `applyGrpcEvent` folds the events into the transcript the Response view, history and run
 * steps read.
 */
import type { HeaderField } from '../../types';
import type { RelayCaBundle, RelayClientCertificate } from '../../relay/tlsTypes';
import type { RelayProxyChoice } from '../../relay/protocol';
import type { GrpcCallKind, GrpcCatalog } from './descriptorModel';

/** How to reach the server and read its definitions (shared by describe and call). */
export interface GrpcTarget {
  /** `grpc://host:port` or `grpcs://host:port`, variables already substituted. */
  url: string;
  source: 'reflection' | 'proto';
  /** `.proto` texts by file name when `source` is `proto`. */
  protoFiles?: Record<string, string>;
  /** TLS material for grpcs: the host's client certificate and CA bundles, as the relay's other calls take them. */
  clientCertificates?: RelayClientCertificate[];
  caBundles?: RelayCaBundle[];
  /** Skip server certificate verification (marked INSECURE where it is shown). */
  insecureTls?: boolean;
  /** SHA-256 fingerprints of server certificates trusted for this host besides the CA store (as an HTTP send's `trustedFingerprints`). */
  trustedFingerprints?: string[];
  /** Which proxy to go through, as an HTTP send's `proxy`; absent: the relay server's environment. Always a CONNECT tunnel. */
  proxy?: RelayProxyChoice;
}

export interface GrpcCallRequest extends GrpcTarget {
  service: string;
  method: string;
  /** Messages to send at once (parsed JSON). Unary and server-streaming calls send exactly one. */
  messages: unknown[];
  /** Half-close after `messages` (client and bidi streams); unary and server-streaming always do. */
  end?: boolean;
  /** Request metadata (the draft's headers and auth), names lowercased by the relay. */
  metadata: HeaderField[];
  /** 0 for none. */
  deadlineMs: number;
}

export type GrpcFailureKind = 'address' | 'proto' | 'reflection' | 'unknown_method' | 'bad_message' | 'tls' | 'bad_request' | 'unknown_call' | 'proxy';

export interface GrpcFailure {
  kind: GrpcFailureKind;
  message: string;
  /** For a `.proto` that does not compile. */
  file?: string;
  line?: number;
  column?: number;
  /** For `proxy`: the relay's code (`PROXY_AUTH`, `PROXY_REFUSED`, `ECONNREFUSED`…) and the proxy's status when it answered. */
  code?: string;
  proxyStatus?: number;
}

export type GrpcDescribeResult = { ok: true; catalog: GrpcCatalog; source: 'reflection' | 'proto'; reflectionVersion?: 'v1' | 'v1alpha' } | { ok: false; error: GrpcFailure };

/** `at`: milliseconds since the call started. */
export type GrpcCallEvent =
  | { type: 'started'; callId: string; path: string; kind: GrpcCallKind; requestType: string; responseType: string; at: number }
  | { type: 'sent'; index: number; message: unknown; at: number }
  | { type: 'headers'; metadata: HeaderField[]; at: number }
  | { type: 'message'; index: number; message: unknown; at: number }
  | { type: 'half-closed'; at: number }
  | { type: 'status'; code: number; details: string; trailers: HeaderField[]; at: number }
  | { type: 'error'; error: GrpcFailure; at: number };

/** One call as it was: what went, what came, how it ended. */
export interface GrpcTranscript {
  service: string;
  method: string;
  kind?: GrpcCallKind;
  callId?: string;
  sent: { at: number; message: unknown }[];
  headers?: HeaderField[];
  received: { at: number; message: unknown }[];
  halfClosed?: boolean;
  status?: { code: number; details: string; trailers: HeaderField[]; at: number };
  error?: GrpcFailure;
}

export function emptyGrpcTranscript(service: string, method: string): GrpcTranscript {
  return { service, method, sent: [], received: [] };
}

/** The transcript after `event` (a new object; the old one is left as it was). */
export function applyGrpcEvent(t: GrpcTranscript, event: GrpcCallEvent): GrpcTranscript {
  switch (event.type) {
    case 'started': return { ...t, callId: event.callId, kind: event.kind };
    case 'sent': return { ...t, sent: [...t.sent, { at: event.at, message: event.message }] };
    case 'headers': return { ...t, headers: event.metadata };
    case 'message': return { ...t, received: [...t.received, { at: event.at, message: event.message }] };
    case 'half-closed': return { ...t, halfClosed: true };
    case 'status': return { ...t, status: { code: event.code, details: event.details, trailers: event.trailers, at: event.at } };
    case 'error': return { ...t, error: event.error };
  }
}

/** Whether the call is over (a status or an error came). */
export function grpcCallEnded(t: GrpcTranscript): boolean {
  return t.status !== undefined || t.error !== undefined;
}

/** Reads one NDJSON line into an event, or undefined for a line that is not one. */
export function parseGrpcEventLine(line: string): GrpcCallEvent | undefined {
  if (!line.trim()) return undefined;
  try {
    const value = JSON.parse(line) as GrpcCallEvent;
    return value && typeof value === 'object' && typeof value.type === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
