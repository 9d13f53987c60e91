/**
 * The request an explanation reads: as the relay wrote it, not as the composer built it.
 * The relay adds what the page never sees — the Authorization answering a Digest challenge,
 * the jar's Cookie header, Host — and after a redirect the final request has another URL
 * (and perhaps method). Explaining the composed request instead says "No Authorization sent"
 * beside the relay's own "the server refused the Digest answer".
 */
import type { SentRequest } from '../relay/protocol';
import type { WireRequest } from '../types';

/**
 * `request` with the method, URL and headers of the final request as sent (`sent`, from the
 * relay's summary); the body stays the composed one (the relay reports only its size).
 * Without `sent` (still in flight, or failed before a summary) it is `request` itself.
 */
export function requestAsSent(request: WireRequest, sent: Pick<SentRequest, 'method' | 'url' | 'headers'> | undefined): WireRequest {
  if (request === null || typeof request !== 'object' || !Array.isArray(request.headers)) throw new TypeError('requestAsSent expects a WireRequest with a headers array');
  if (!sent) return request;
  if (!Array.isArray(sent.headers)) throw new TypeError('requestAsSent expects the sent request to have a headers array');
  return { ...request, method: sent.method, url: sent.url, headers: sent.headers };
}
