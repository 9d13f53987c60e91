/**
 * A `fetch` over the relay's own request engine (`exchange.ts`), for the parts of the relay
 * that speak HTTP through a library-shaped client (MCP's transports and its authorization
 * discovery): each request reaches its host exactly like an HTTP send — the proxy chosen by
 * the relay's rules (CONNECT for https, absolute form for http, Basic or Digest proxy
 * credentials, bypass lists), the client certificate and CA bundles covering that host, the
 * trusted fingerprints, verification skipped only when asked — with the engine's deadlines
 * and typed failures. Node's global fetch would apply none of them.
 *
 * What it does not do: cookies (the caller sends what it means to), caching, CORS. Redirects
 * are followed unless `redirect: 'manual'`. A failure before the response head rejects with a
 * `RelayFetchError` whose message is the relay's own words (the proxy named, its password
 * masked) and whose `relayError` is the typed error; a failure later errors the body stream.
 */
import type { RelayError, RelayRequestMeta } from '../core';
import { Cancellation } from './cancel';
import { runExchange, type ExchangeSink } from './exchange';
import { classifyFailure } from './failures';
import { checkMeta } from './relayRequest';

/** How a request reaches its host: the network part of a relay description. */
export type RelayNetwork = Pick<RelayRequestMeta, 'proxy' | 'insecureTls' | 'trustedFingerprints' | 'clientCertificates' | 'caBundles'>;

export interface RelayFetchOptions {
  network?: RelayNetwork;
  /**
   * The URL whose host a verification exception was granted for: `insecureTls` and
   * `trustedFingerprints` apply to requests to that host only (a discovery chain also reaches
   * authorization servers elsewhere, which are verified normally). Absent: to every host
   * (`wirebench run --insecure`).
   */
  exceptionsFor?: string;
  /** Each phase's deadline (connect, head, each body gap; none between events of an event stream). Default 300 s, as Node's fetch. */
  timeoutMs?: number;
}

/** A request that got no response: the relay's typed error, in its own words. */
export class RelayFetchError extends TypeError {
  constructor(readonly relayError: RelayError) {
    super(relayError.message);
    this.name = 'RelayFetchError';
  }
}

const DEFAULT_TIMEOUT_MS = 300_000;
/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

async function bodyBytes(body: RequestInit['body']): Promise<Uint8Array | null> {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function sameHost(url: string, scope: string | undefined): boolean {
  if (scope === undefined) return true;
  try {
    return new URL(url).host === new URL(scope).host;
  } catch {
    return false;
  }
}

/** A fetch whose requests go through the relay's engine with `options`' network settings. */
export function relayFetch(options: RelayFetchOptions = {}): typeof fetch {
  const relayed = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers: { name: string; value: string }[] = [];
    new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((value, name) => headers.push({ name, value }));
    const body = await bodyBytes(init.body ?? null);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const network = options.network ?? {};
    const exempt = sameHost(url, options.exceptionsFor);
    const meta: RelayRequestMeta = {
      method,
      url,
      headers,
      followRedirects: init.redirect !== 'manual',
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(network.proxy ? { proxy: network.proxy } : {}),
      ...(network.clientCertificates ? { clientCertificates: network.clientCertificates } : {}),
      ...(network.caBundles ? { caBundles: network.caBundles } : {}),
      ...(exempt && network.insecureTls ? { insecureTls: true } : {}),
      ...(exempt && network.trustedFingerprints?.length ? { trustedFingerprints: network.trustedFingerprints } : {}),
    };
    try {
      checkMeta(meta);
    } catch (err) {
      throw new RelayFetchError(classifyFailure(err));
    }
    const cancellation = new Cancellation();
    const onAbort = () => cancellation.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    return new Promise<Response>((resolve, reject) => {
      let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
      let finished = false;
      let wake: (() => void) | undefined;
      const sink: ExchangeSink = {
        hop: () => undefined,
        head: (head) => {
          const h = new Headers();
          for (const field of head.headers) {
            try {
              h.append(field.name, field.value);
            } catch {
              // A field fetch's Headers cannot hold (a name with spaces…) is left out, as Node's fetch would refuse the whole answer.
            }
          }
          const nullBody = NULL_BODY.has(head.status);
          const readable = nullBody ? null : new ReadableStream<Uint8Array>({
            start: (c) => void (stream = c),
            pull: () => {
              wake?.();
              wake = undefined;
            },
            cancel: () => {
              finished = true;
              cancellation.cancel();
              wake?.();
            },
          }, { highWaterMark: 4 });
          resolve(new Response(readable, { status: head.status, statusText: head.reason, headers: h }));
        },
        body: (chunk) => {
          if (finished || !stream) return true;
          stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((stream.desiredSize ?? 1) > 0) return true;
          return new Promise<void>((r) => (wake = r));
        },
        summary: () => {
          if (finished) return;
          finished = true;
          stream?.close();
        },
        error: (error) => {
          const aborted = error.kind === 'aborted' && signal?.aborted;
          if (!stream) {
            reject(aborted ? abortError() : new RelayFetchError(error));
            return;
          }
          if (finished) return;
          finished = true;
          stream.error(aborted ? abortError() : new RelayFetchError(error));
        },
      };
      runExchange(meta, body, body ? body.length : null, sink, cancellation).finally(() => signal?.removeEventListener('abort', onAbort));
    });
  };
  return relayed as typeof fetch;
}
