/**
 * The hops of one exchange laid out for the waterfall: each hop's own phases and total,
 * and where it began on the exchange's clock. The relay times every hop apart; records
 * made before it did (no `offset`) are laid out one after another.
 */
import type { RelayCookieReport, RelayHop, RelayProxyUse, RelaySummary, RelayTimings, RelayTls } from '../../../../core';

/** One request of the exchange: a followed redirect or the final one. */
export interface HopTiming {
  /** 1-based position in the chain. */
  index: number;
  method: string;
  url: string;
  /** The answer's status; the final response's comes from the head. */
  status?: number;
  final: boolean;
  /** This hop alone: its phases and `total` (the hop's own duration). */
  timings: RelayTimings;
  /** When this hop began, ms after the exchange began. */
  start: number;
  /** Absent over plain HTTP. */
  tls?: RelayTls;
  /** For a Digest challenge the relay answered: what it asked and how it was answered. */
  note?: string;
  /** The proxy this request went through. */
  proxy?: RelayProxyUse;
  /** What the workspace jar sent and stored on this request (names only). */
  cookies?: RelayCookieReport;
}

/** The hops of `summary` (redirects first, the final request last) and the exchange's total. */
export function hopTimings(summary: RelaySummary, finalStatus?: number): { hops: HopTiming[]; total: number } {
  let clock = 0;
  const hops: HopTiming[] = summary.hops.map((hop: RelayHop, i) => {
    const start = hop.timings.offset ?? clock;
    clock = start + hop.timings.total;
    return { index: i + 1, method: hop.method, url: hop.url, status: hop.status, final: false, timings: hop.timings, start, ...(hop.tls ? { tls: hop.tls } : {}), ...(hop.kind === 'digest' && hop.note ? { note: hop.note } : {}), ...(hop.proxy ? { proxy: hop.proxy } : {}), ...(hop.cookies ? { cookies: hop.cookies } : {}) };
  });
  const start = summary.timings.offset ?? clock;
  const own = Math.max(0, summary.timings.total - start);
  hops.push({
    index: hops.length + 1,
    method: summary.sent.method,
    url: summary.sent.url,
    ...(finalStatus !== undefined ? { status: finalStatus } : {}),
    final: true,
    timings: { ...summary.timings, total: own },
    start,
    ...(summary.tls ? { tls: summary.tls } : {}),
    ...(summary.proxy ? { proxy: summary.proxy } : {}),
    ...(summary.cookies ? { cookies: summary.cookies } : {}),
  });
  return { hops, total: Math.max(summary.timings.total, start + own) };
}

/** The proxy of a hop in a few words: `http://proxy:3128 (CONNECT tunnel, from the server's environment)`. */
export function describeProxy(proxy: RelayProxyUse): string {
  const how = proxy.tunnel ? 'CONNECT tunnel' : 'the proxy forwarded the request';
  const from = proxy.source === 'environment' ? "from the server's environment" : 'from the proxy settings';
  const credentials = proxy.credentials ? `, ${proxy.credentials} credentials${proxy.challenged ? ' answering its 407 challenge' : ''}` : '';
  return `${proxy.url} (${how}, ${from}${credentials})`;
}

/** The TLS of a hop in a few words: `TLSv1.3, TLS_AES_256_GCM_SHA384, certificate not verified`. */
export function describeTls(tls: RelayTls | undefined, insecure: boolean): string {
  if (!tls) return 'plain HTTP (no TLS)';
  const certificate = insecure ? 'certificate NOT verified' : tls.authorized ? 'certificate verified' : 'certificate trusted by fingerprint';
  return [tls.protocol, tls.cipher, certificate].filter(Boolean).join(', ');
}
