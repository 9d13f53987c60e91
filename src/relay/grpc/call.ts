/**
 * One gRPC call through the relay, any of the four kinds, as a stream of `GrpcCallEvent`s:
 * the definitions are loaded (reflection or .proto), the method found, each message checked
 * against its type (core's checks: protobuf's own reading would drop a misspelt field
 * silently), the metadata and deadline set, then the call made with grpc-js. Further client
 * messages, half-close and cancel come through the handle. Every failure before the call is
 * an `error` event; once the call started, it ends with a `status` event (its trailers
 * included), whatever happened.
 */
import * as grpc from '@grpc/grpc-js';
import { parseGrpcAddress } from '../../core/protocols/grpc/address';
import type { GrpcCallEvent, GrpcCallRequest, GrpcFailure } from '../../core/protocols/grpc/callModel';
import { findGrpcMethod, grpcCallKind } from '../../core/protocols/grpc/descriptorModel';
import { checkGrpcMessage } from '../../core/protocols/grpc/messageCheck';
import type { HeaderField } from '../../core/types';
import { catalogOf } from './catalog';
import { openClient, type OpenedClient } from './channel';
import { loadDefinitions } from './definitions';
import { decodeToJson, encodeFromJson } from './messageJson';

/** Request metadata grpc-js sets itself (or HTTP/2 forbids): left out of what the draft's headers give. */
const RESERVED = new Set(['host', 'content-type', 'content-length', 'te', 'connection', 'transfer-encoding', 'upgrade', 'keep-alive', 'grpc-timeout', 'grpc-encoding', 'grpc-accept-encoding', 'user-agent', 'accept-encoding']);

/** The draft's headers as gRPC metadata (names lowercased; `-bin` values read as base64), or the field that cannot be one. */
export function metadataOf(fields: readonly HeaderField[]): { ok: true; value: grpc.Metadata } | { ok: false; error: GrpcFailure } {
  const metadata = new grpc.Metadata();
  for (const field of fields) {
    const name = field.name.trim().toLowerCase();
    if (!name || RESERVED.has(name) || name.startsWith(':')) continue;
    try {
      if (name.endsWith('-bin')) metadata.add(name, Buffer.from(field.value, 'base64'));
      else metadata.add(name, field.value);
    } catch (err) {
      return { ok: false, error: { kind: 'bad_request', message: `The metadata "${field.name}" cannot be sent: ${(err as Error).message}. Metadata names are lowercase letters, digits, "-", "_" and "."; values are printable ASCII (binary values go in a name ending in -bin, as base64).` } };
    }
  }
  return { ok: true, value: metadata };
}

/** Metadata as header fields, in order (binary values as base64). */
export function fieldsOf(metadata: grpc.Metadata | undefined): HeaderField[] {
  if (!metadata) return [];
  const out: HeaderField[] = [];
  for (const [name, values] of Object.entries(metadata.toJSON())) {
    for (const v of values as (string | Buffer)[]) out.push({ name, value: typeof v === 'string' ? v : v.toString('base64') });
  }
  return out;
}

export interface GrpcCallHandle {
  /** Sends one more client message (client and bidi streams); a failure to report when it cannot go. */
  send(message: unknown): GrpcFailure | undefined;
  /** Half-closes: no more client messages. */
  end(): void;
  /** Cancels the call (it ends with 1 CANCELLED). */
  cancel(): void;
  /** Resolves once the call has ended (its last event was emitted). */
  done: Promise<void>;
}

type Writable = { write(v: unknown): boolean; end(): void };

/** Starts a call; `emit` gets every event in order, the last one a `status` or an `error`. */
export function startGrpcCall(request: GrpcCallRequest, callId: string, emit: (event: GrpcCallEvent) => void): GrpcCallHandle {
  const started = performance.now();
  const at = () => Math.round((performance.now() - started) * 10) / 10;
  let stream: Writable | undefined;
  let call: grpc.ClientUnaryCall | grpc.ClientReadableStream<unknown> | grpc.ClientWritableStream<unknown> | grpc.ClientDuplexStream<unknown, unknown> | undefined;
  let client: grpc.Client | undefined;
  let opened: OpenedClient | undefined;
  let cancelled = false;
  let ended = false;
  let check: ((m: unknown) => GrpcFailure | undefined) | undefined;
  let sentCount = 0;
  let halfClosed = false;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const close = (event: GrpcCallEvent) => {
    if (ended) return;
    ended = true;
    emit(event);
    opened?.close();
    finish();
  };
  const fail = (error: GrpcFailure) => close({ type: 'error', error, at: at() });

  const sendOne = (message: unknown): GrpcFailure | undefined => {
    const problem = check?.(message);
    if (problem) return problem;
    stream!.write(message);
    emit({ type: 'sent', index: sentCount++, message, at: at() });
    return undefined;
  };

  const run = async () => {
    const address = parseGrpcAddress(request.url);
    if (!address.ok) return fail({ kind: 'address', message: address.message });
    const metadata = metadataOf(request.metadata ?? []);
    if (!metadata.ok) return fail(metadata.error);
    const open = await openClient(address.value, request, request.deadlineMs);
    if (!open.ok) return fail(open.error);
    opened = open.value;
    client = opened.client;
    const defs = await loadDefinitions(request, () => client!, metadata.value.clone(), request.service);
    if (cancelled) return close({ type: 'status', code: grpc.status.CANCELLED, details: 'Cancelled before the call started.', trailers: [], at: at() });
    if (!defs.ok) {
      if (defs.status) return close({ type: 'status', code: defs.status.code, details: defs.status.details, trailers: [], at: at() });
      return fail(defs.error);
    }
    const catalog = catalogOf(defs.root, [request.service]);
    const found = findGrpcMethod(catalog, request.service, request.method);
    if (!found.ok) {
      const offered = defs.services.length ? defs.services.join(', ') : 'none';
      const message = catalog.services.length ? found.message : `The service "${request.service}" is not offered (services: ${offered}). Check its full name, package included.`;
      return fail({ kind: 'unknown_method', message });
    }
    const method = found.method;
    const kind = grpcCallKind(method);
    const reqType = defs.root.lookupType(method.requestType);
    const resType = defs.root.lookupType(method.responseType);
    check = (message) => {
      const checked = checkGrpcMessage(catalog, method.requestType, JSON.stringify(message));
      if (!checked.ok) return { kind: 'bad_message', message: `Message ${sentCount + 1} was not sent: ${checked.problems.map((p) => p.message).join(' ')}` };
      try {
        encodeFromJson(reqType, message);
      } catch (err) {
        return { kind: 'bad_message', message: `Message ${sentCount + 1} was not sent: ${(err as Error).message}.` };
      }
      return undefined;
    };
    const single = !method.clientStreaming;
    if (single && request.messages.length !== 1) return fail({ kind: 'bad_message', message: `A ${kind} call sends exactly one message; ${request.messages.length} were given.` });
    if (single) {
      const problem = check(request.messages[0]);
      if (problem) return fail(problem);
    }
    const path = `/${request.service}/${request.method}`;
    const serialize = (value: unknown) => encodeFromJson(reqType, value);
    const deserialize = (bytes: Buffer) => decodeToJson(resType, bytes);
    const options: grpc.CallOptions = request.deadlineMs > 0 ? { deadline: new Date(Date.now() + request.deadlineMs) } : {};
    emit({ type: 'started', callId, path, kind, requestType: method.requestType, responseType: method.responseType, at: at() });
    let received = 0;
    const onMessage = (message: unknown) => emit({ type: 'message', index: received++, message, at: at() });
    const onStatus = (status: grpc.StatusObject) => close({ type: 'status', code: status.code, details: status.details, trailers: fieldsOf(status.metadata), at: at() });
    const md = metadata.value;
    if (kind === 'unary' || kind === 'client-streaming') {
      const callback = (err: grpc.ServiceError | null, value?: unknown) => {
        if (!err && value !== undefined) onMessage(value);
      };
      call = kind === 'unary'
        ? client.makeUnaryRequest(path, serialize, deserialize, request.messages[0], md, options, callback)
        : client.makeClientStreamRequest(path, serialize, deserialize, md, options, callback);
    } else {
      const readable = kind === 'server-streaming'
        ? client.makeServerStreamRequest(path, serialize, deserialize, request.messages[0], md, options)
        : client.makeBidiStreamRequest(path, serialize, deserialize, md, options);
      readable.on('data', onMessage);
      readable.on('error', () => undefined); // the status event says it
      call = readable;
    }
    call.on('metadata', (m: grpc.Metadata) => emit({ type: 'headers', metadata: fieldsOf(m), at: at() }));
    call.on('status', onStatus);
    if (single) emit({ type: 'sent', index: sentCount++, message: request.messages[0], at: at() });
    else {
      stream = call as unknown as Writable;
      for (const message of request.messages) {
        const problem = sendOne(message);
        if (problem) {
          call.cancel();
          return fail(problem);
        }
      }
      if (request.end) handle.end();
    }
    if (cancelled) call.cancel();
  };

  const handle: GrpcCallHandle = {
    send(message) {
      if (ended) return { kind: 'unknown_call', message: 'The call has ended; start a new one to send more.' };
      if (halfClosed) return { kind: 'bad_request', message: 'The stream was ended (half-closed), so no more messages can be sent on this call.' };
      if (!stream) return { kind: 'bad_request', message: 'This call takes no more messages (a unary or server-streaming call sends one, with the call).' };
      return sendOne(message);
    },
    end() {
      if (!stream || ended || halfClosed) return;
      stream.end();
      halfClosed = true;
      emit({ type: 'half-closed', at: at() });
    },
    cancel() {
      cancelled = true;
      call?.cancel();
    },
    done,
  };
  run().catch((err: Error) => fail({ kind: 'bad_request', message: `The call could not be made: ${err.message}` }));
  return handle;
}

