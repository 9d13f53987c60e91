/**
 * Sends a token request through the local relay and reads the whole answer as text:
 * token responses are small, and the vault needs the complete JSON before it can map it.
 */
import { concatBytes, headerValue, type CoreError, type Result, type WireRequest } from '../../../core';
import type { TokenEndpointAnswer } from '../../../core';
import { networkOptionsOnceLoaded, type NetworkOptions, type NetworkSources } from '../../base/relay/networkOptions';
import { sendThroughRelay } from '../../base/relay/relayClient';
import { trustedFingerprintsFor } from '../../base/relay/trustedCertificates';

/** Token answers larger than this are refused; a token response is a few kilobytes. */
const MAX_TOKEN_ANSWER_BYTES = 256 * 1024;

/** Exchanges one wire request for the token endpoint's answer, or why none came. */
export type TokenTransport = (wire: WireRequest) => Promise<Result<TokenEndpointAnswer, CoreError>>;

/** This page's proxy, TLS and trusted-certificate settings. */
const PAGE_NETWORK: NetworkSources = { trustedFingerprints: trustedFingerprintsFor };

/**
 * The relay-backed transport the page uses. A connection closed before any part of the
 * answer arrived is tried once more: that is how a kept-alive connection the server has
 * just closed shows up ("socket hang up"), and then the server never read the request. It
 * is the rule browsers apply to POSTs on reused connections. Once a status line has come
 * back nothing is repeated, because presenting a rotated refresh token twice would make
 * the server revoke the whole grant.
 */
export const relayTokenTransport: TokenTransport = (wire) => tokenTransportThrough(PAGE_NETWORK)(wire);

/**
 * The relay-backed transport with the network settings of `sources`: token calls go to a
 * host the way an ordinary send to it goes (the workspace's proxy, the host's client
 * certificate and CA bundles, a Certificates exception), read at each call so a change in
 * the settings applies to the next refresh. With the page's own proxy settings (no
 * `sources.proxy`) a call first waits, bounded, for the workspace load that brings them.
 */
export function tokenTransportThrough(sources: NetworkSources): TokenTransport {
  return async (wire) => {
    // The page's own proxy settings may still be loading with the workspace (a refresh right after a reload): waited for, bounded.
    const network = await networkOptionsOnceLoaded(wire.url, sources);
    if (!network.ok) return { ok: false, error: { kind: 'relay-tls-locked', message: `The token endpoint was not called: ${network.message}` } };
    const first = await exchangeOnce(wire, network.value);
    if (first.ok || first.error.kind !== 'relay-reset' || first.answered) return first;
    return exchangeOnce(wire, network.value);
  };
}

/** One try; `answered` says whether any of the answer had arrived when it failed. */
async function exchangeOnce(wire: WireRequest, network: NetworkOptions): Promise<Result<TokenEndpointAnswer, CoreError> & { answered?: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let head: { status: number; headers: TokenEndpointAnswer['headers'] } | undefined;
  const abort = new AbortController();
  const outcome = await sendThroughRelay(
    wire,
    { ...network, signal: abort.signal, timeoutMs: 30_000 },
    {
      onHead: (h) => {
        head = { status: h.status, headers: h.headers };
      },
      onBody: (chunk) => {
        size += chunk.length;
        if (size > MAX_TOKEN_ANSWER_BYTES) abort.abort();
        else chunks.push(chunk);
      },
    },
  );
  if (size > MAX_TOKEN_ANSWER_BYTES) {
    return { ok: false, error: { kind: 'token-answer-too-large', message: `The token endpoint answered with more than ${MAX_TOKEN_ANSWER_BYTES / 1024} KiB; that is not a token response.` } };
  }
  if (!outcome.ok) {
    return {
      ok: false,
      answered: head !== undefined || outcome.error.partial === true,
      error: { kind: `relay-${outcome.error.kind}`, message: `The token endpoint could not be reached: ${outcome.error.message}` },
    };
  }
  if (!head) return { ok: false, error: { kind: 'relay-protocol', message: 'The relay finished without the token endpoint\'s status line.' } };
  const body = concatBytes(chunks);
  const charset = /charset=([^;]+)/i.exec(headerValue(head.headers, 'content-type') ?? '')?.[1]?.trim() ?? 'utf-8';
  let bodyText: string;
  try {
    bodyText = new TextDecoder(charset).decode(body);
  } catch {
    bodyText = new TextDecoder().decode(body);
  }
  const certificate = outcome.summary.tls?.clientCertificate;
  return { ok: true, value: { status: head.status, headers: head.headers, bodyText, ...(certificate ? { clientCertificate: { requested: certificate.requested, sent: certificate.sent } } : {}) } };
}
