/**
 * A finished exchange of the store as the checks read it: core's `ExchangeView` (what
 * captures and assertions read), the response a post-response script sees, and
 * `pm.sendRequest` sent through the relay like any request of the page (its proxy, client
 * certificates and trusted CAs included).
 */
import { concatBytes, rememberExchangeSecrets } from '../../../core';
import { exchangeView, type ExchangeView } from '../../../core/run/exchangeView';
import type { ScriptRequest, ScriptResponse } from '../../../scripting/types';
import { sendThroughRelay } from '../../base/relay/relayClient';
import { pageNetworkOptions } from '../../base/relay/networkOptions';
import type { Exchange } from '../../base/state/exchange';

/** The view of a finished exchange (undefined when no response head came). */
export function exchangeViewOfExchange(exchange: Exchange): ExchangeView | undefined {
  if (!exchange.head || !exchange.request) return undefined;
  const decoder = new TextDecoder();
  const bodyText = exchange.request.body?.every((c) => typeof c === 'string' || c instanceof Uint8Array)
    ? exchange.request.body.map((c) => (typeof c === 'string' ? c : decoder.decode(c as Uint8Array))).join('')
    : undefined;
  const bytes = concatBytes(exchange.chunks);
  return exchangeView({
    request: { method: exchange.request.method, url: exchange.request.url, headers: exchange.request.headers, ...(bodyText !== undefined ? { bodyText } : {}) },
    response: { status: exchange.head.status, reason: exchange.head.reason, headers: exchange.head.headers, httpVersion: exchange.head.httpVersion },
    body: bytes.length === 0 ? { absent: 'empty' } : { bytes },
    ...(exchange.summary ? { durationMs: exchange.summary.timings.total } : {}),
  });
}

/** The response a post-response script reads. */
export function scriptResponseOf(exchange: Exchange, view: ExchangeView): ScriptResponse {
  return {
    code: view.status,
    status: view.reason,
    headers: view.headers,
    body: view.bodyText ?? '',
    responseTime: exchange.summary?.timings.total ?? 0,
    ...(view.sizeBytes !== undefined ? { responseSize: view.sizeBytes } : {}),
  };
}

/** The most body a `pm.sendRequest` answer may bring: a script reads it as one string. */
export const SCRIPT_RESPONSE_LIMIT = 16 * 1024 * 1024;

/**
 * `pm.sendRequest`: through the relay, following redirects, the body collected as text (at
 * most SCRIPT_RESPONSE_LIMIT: past that the request is stopped and the script told why).
 * `signal` cancels it: its script ended, or the send or run it belongs to was cancelled.
 */
export async function sendForScript(request: ScriptRequest, signal?: AbortSignal): Promise<ScriptResponse> {
  let head: { status: number; reason: string; headers: { name: string; value: string }[] } | undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  // The way any request of the page goes: the workspace's proxy, the host's client certificate and CAs.
  const network = await pageNetworkOptions(request.url);
  if (!network.ok) throw new Error(`pm.sendRequest to ${request.url} was not sent: ${network.message}`);
  let tooLarge = false;
  const outcome = await sendThroughRelay(
    { method: request.method, url: request.url, headers: request.headers, ...(request.body !== undefined ? { body: [request.body] } : {}) },
    { followRedirects: true, timeoutMs: 30_000, ...network.value, signal: controller.signal },
    {
      onHead: (received) => (head = received),
      onBody: (chunk) => {
        size += chunk.length;
        if (size <= SCRIPT_RESPONSE_LIMIT) chunks.push(chunk);
        else if (!tooLarge) {
          tooLarge = true;
          stop();
        }
      },
    },
  ).finally(() => signal?.removeEventListener('abort', stop));
  if (tooLarge) throw new Error(`pm.sendRequest to ${request.url} was stopped: its answer passed ${SCRIPT_RESPONSE_LIMIT / (1024 * 1024)} MB, more than a script reads as one string.`);
  if (!outcome.ok && signal?.aborted) throw new Error(`pm.sendRequest to ${request.url} was cancelled: its script ended, or the send it belongs to was cancelled.`);
  if (!outcome.ok) throw new Error(`pm.sendRequest to ${request.url} failed: ${outcome.error.message}`);
  if (!head) throw new Error(`pm.sendRequest to ${request.url} got no response`);
  const body = new TextDecoder().decode(concatBytes(chunks));
  // A token fetched by a script (a login in a pre-request script) stays a secret wherever the script stores it.
  rememberExchangeSecrets({ request: { method: request.method, url: request.url, headers: request.headers, ...(request.body !== undefined ? { bodyText: request.body } : {}) }, headers: head.headers, bodyText: body });
  return {
    code: head.status,
    status: head.reason,
    headers: head.headers,
    body,
    responseTime: outcome.summary.timings.total,
  };
}
