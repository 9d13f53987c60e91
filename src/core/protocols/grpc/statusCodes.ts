/**
 * The 17 gRPC status codes (grpc/doc/statuscodes.md), each in plain words: what it means,
 * what to check first, and the HTTP status a gateway (grpc-gateway, Envoy's transcoder,
 * Google's APIs) usually maps it to. A gRPC answer itself always travels in an HTTP/2 200;
 * the code is in the `grpc-status` trailer.
 */

export interface GrpcStatusInfo {
  code: number;
  /** The canonical name: `DEADLINE_EXCEEDED`. */
  name: string;
  /** What it means, one or two sentences. */
  meaning: string;
  /** What to look at first. */
  check: string;
  /** The HTTP status a gRPC–HTTP gateway usually gives for it. */
  httpStatus: number;
  /** Whether trying again (later, with back-off) can succeed without changing the request. */
  retryable: boolean;
}

const table: GrpcStatusInfo[] = [
  { code: 0, name: 'OK', meaning: 'The call succeeded.', check: 'Nothing to fix. Read the response messages and trailers.', httpStatus: 200, retryable: false },
  { code: 1, name: 'CANCELLED', meaning: 'The call was cancelled, usually by the caller (you pressed Cancel, or the client went away) before it finished.', check: 'Whether the cancel was yours; a server sees this when its client gives up.', httpStatus: 499, retryable: true },
  { code: 2, name: 'UNKNOWN', meaning: 'An error the server did not classify: often an exception in its handler, or a status from another system it could not translate.', check: "The status message and the server's logs; the handler likely threw.", httpStatus: 500, retryable: false },
  { code: 3, name: 'INVALID_ARGUMENT', meaning: "The request is wrong whatever the server's state: a malformed field, a value out of its allowed range, a missing required value.", check: 'The request message: the status message usually names the field. Sending it again unchanged will fail again.', httpStatus: 400, retryable: false },
  { code: 4, name: 'DEADLINE_EXCEEDED', meaning: 'The deadline passed before the call finished. The server may still have done the work (a write may have happened).', check: 'Whether the deadline is long enough for this method, and whether the server is slow or stuck. Check the effect before retrying a write.', httpStatus: 504, retryable: true },
  { code: 5, name: 'NOT_FOUND', meaning: 'The thing the request names (a record, a file) does not exist.', check: 'The identifiers in the request message. (An unknown method or service is UNIMPLEMENTED, not this.)', httpStatus: 404, retryable: false },
  { code: 6, name: 'ALREADY_EXISTS', meaning: 'The request tried to create something that already exists.', check: 'The identifier you are creating; read the existing one instead, or choose a new name.', httpStatus: 409, retryable: false },
  { code: 7, name: 'PERMISSION_DENIED', meaning: 'The server knows who you are, and you may not do this.', check: 'The rights of the account or token (its scopes, roles). Signing in again will not help; a different grant might.', httpStatus: 403, retryable: false },
  { code: 8, name: 'RESOURCE_EXHAUSTED', meaning: 'A limit was reached: a rate limit or quota, or a message larger than the server (or client) accepts.', check: 'Rate limits and quotas (wait and retry with back-off), and the size of the messages against the max message size.', httpStatus: 429, retryable: true },
  { code: 9, name: 'FAILED_PRECONDITION', meaning: "The system is not in a state where this can be done (a folder not empty, a record in the wrong state). Retrying won't help until that state changes.", check: 'What must be true first; fix that state, then call again.', httpStatus: 400, retryable: false },
  { code: 10, name: 'ABORTED', meaning: 'The operation was aborted, typically by a concurrency conflict (a transaction abort, a sequencer check failing).', check: 'Retry the whole read-modify-write sequence from the start.', httpStatus: 409, retryable: true },
  { code: 11, name: 'OUT_OF_RANGE', meaning: 'A value is past the valid range for the current state, such as reading past the end of a file.', check: 'The offsets or page tokens in the request; the valid range may grow later.', httpStatus: 400, retryable: false },
  { code: 12, name: 'UNIMPLEMENTED', meaning: 'The server does not offer this method (or this service), or the operation is not supported.', check: 'The service and method names (package included) against what the server offers: load its services again by reflection or check the .proto.', httpStatus: 501, retryable: false },
  { code: 13, name: 'INTERNAL', meaning: 'Something the protocol promises broke inside the server or the gRPC library (a serialisation failure, an invariant).', check: "The server's logs; also a client/server mismatch of the message types.", httpStatus: 500, retryable: false },
  { code: 14, name: 'UNAVAILABLE', meaning: 'The service cannot be reached right now: the server is down, refused the connection, or the connection broke. Usually temporary.', check: 'The address and port, whether the server runs, TLS (grpcs:// to a plaintext server or the other way round), proxies. Retrying with back-off is safe.', httpStatus: 503, retryable: true },
  { code: 15, name: 'DATA_LOSS', meaning: 'Unrecoverable data loss or corruption.', check: "The server's storage; report it to the service's owners.", httpStatus: 500, retryable: false },
  { code: 16, name: 'UNAUTHENTICATED', meaning: 'The call carries no valid credentials: the token is missing, expired or malformed.', check: 'The auth of this request (Bearer token, vault entry) and the metadata it sends, e.g. `authorization`.', httpStatus: 401, retryable: false },
];

export const GRPC_STATUS_CODES: readonly GrpcStatusInfo[] = table;

/** The code's explanation; an unknown number gets an honest one (it is treated as UNKNOWN by clients). */
export function grpcStatusInfo(code: number): GrpcStatusInfo {
  const known = table[code];
  if (Number.isInteger(code) && known) return known;
  return {
    code,
    name: `CODE_${code}`,
    meaning: `${code} is not one of the 17 gRPC status codes; clients treat it as UNKNOWN (2).`,
    check: 'The server or a proxy in between sent a code outside 0–16; look at what it meant in its own documentation.',
    httpStatus: 500,
    retryable: false,
  };
}

/** `DEADLINE_EXCEEDED` → 4, also accepting `deadline exceeded`, `4`; undefined for other text. */
export function grpcStatusCodeOf(text: string): number | undefined {
  const t = text.trim();
  if (/^\d{1,2}$/.test(t)) return Number(t) <= 16 ? Number(t) : undefined;
  const name = t.toUpperCase().replace(/[\s-]+/g, '_');
  return table.find((s) => s.name === name)?.code;
}

/** One line for a status: `4 DEADLINE_EXCEEDED`. */
export function grpcStatusLabel(code: number): string {
  return `${code} ${grpcStatusInfo(code).name}`;
}
