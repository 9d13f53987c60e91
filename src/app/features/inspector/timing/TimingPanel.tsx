/**
 * Where the time and the bytes went: the waterfall (a group per request of a redirect
 * chain or a Digest challenge round), sizes on the wire and decoded, the requests hop by hop
 * with each hop's own time and TLS, and the final connection (remote address, protocol, TLS).
 */
import { describeHops, type RelayHead, type RelayHop, type RelaySummary } from '../../../../core';
import { formatMs, formatSize } from '../../../base/components/units';
import { CertificateChain } from './CertificateChain';
import { describeCookieReport } from './cookieReport';
import { HopCookieReport } from './HopCookieReport';
import { describeProxy, describeTls, hopTimings, type HopTiming } from './hopTimings';
import { describeClientCertificate } from './tlsFacts';
import { Waterfall } from './Waterfall';

export interface TimingPanelProps {
  head: RelayHead | undefined;
  summary: RelaySummary | undefined;
  hops: readonly RelayHop[];
}

function Sizes({ summary, head }: { summary: RelaySummary; head: RelayHead | undefined }) {
  const { sizes } = summary;
  const coded = head?.contentEncoding?.length ? head.contentEncoding.join(', ') : undefined;
  const rows: [string, string][] = [
    ['Request headers', formatSize(sizes.requestHeaders)],
    ['Request body', formatSize(sizes.requestBody)],
    ['Response headers', formatSize(sizes.responseHeaders)],
    ['Response body on the wire', `${formatSize(sizes.responseBodyWire)}${coded ? ` (${coded})` : ''}`],
    ['Response body decoded', formatSize(sizes.responseBodyDecoded)],
  ];
  if (coded && sizes.responseBodyDecoded > 0) rows.push(['Compression saved', `${Math.round((1 - sizes.responseBodyWire / sizes.responseBodyDecoded) * 100)}%`]);
  return (
    <table className="facts-table" aria-label="Sizes">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Connection({ summary, head }: { summary: RelaySummary; head: RelayHead | undefined }) {
  const rows: [string, string][] = [];
  if (head?.remoteAddress) rows.push(['Remote address', `${head.remoteAddress.includes(':') ? `[${head.remoteAddress}]` : head.remoteAddress}${head.remotePort ? `:${head.remotePort}` : ''}`]);
  if (head) rows.push(['Protocol', `HTTP/${head.httpVersion}`]);
  rows.push(['Connection', summary.timings.reusedConnection ? 'reused (kept alive)' : 'new']);
  rows.push(['Proxy', summary.proxy ? describeProxy(summary.proxy) : 'none (direct)']);
  if (summary.tls) {
    rows.push(['TLS', [summary.tls.protocol, summary.tls.cipher].filter(Boolean).join(', ') || 'yes']);
    rows.push(['Certificate', summary.insecureTls ? 'NOT verified (verification was turned off for this request)' : summary.tls.authorized ? 'verified' : 'trusted by fingerprint']);
    if (summary.tls.peerFingerprint256) rows.push(['SHA-256 fingerprint', summary.tls.peerFingerprint256]);
    if (summary.tls.chain) rows.push(['ALPN', summary.tls.alpnProtocol ?? 'none chosen by the server']);
    if (summary.tls.clientCertificate) rows.push(['Client certificate', describeClientCertificate(summary.tls.clientCertificate)]);
    if (summary.tls.caBundles?.length) rows.push(['CA bundles', `trusted in addition to the usual roots: ${summary.tls.caBundles.join(', ')}`]);
  } else rows.push(['TLS', 'none (plain HTTP): anything sent, including credentials, was readable on the way']);
  return (
    <table className="facts-table" aria-label="Connection">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className={label === 'Certificate' && summary.insecureTls ? 'fact-warning' : undefined}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RedirectChain({ hops, insecure, label }: { hops: readonly HopTiming[]; insecure: boolean; label: string }) {
  // Outcomes read in chain order, so a cookie set again by a later hop reads as replaced.
  const stored = new Set<string>();
  const cookies = hops.map((hop) => describeCookieReport(hop.cookies, stored));
  // A chain all over plain HTTP says so once (under Connection), not on every request.
  const anyTls = hops.some((hop) => hop.tls);
  return (
    <ol className="redirect-chain" aria-label={label}>
      {hops.map((hop) => (
        <li key={hop.index}>
          <code>
            {hop.method} {hop.url}
          </code>{' '}
          → <strong>{hop.status ?? '…'}</strong>
          {hop.final ? ' final response' : null} <span className="muted">({formatMs(hop.timings.total)} this request)</span>
          {anyTls ? (
            <>
              <br />
              <span className={`redirect-tls${hop.tls && insecure ? ' fact-warning' : ''}`}>TLS: {describeTls(hop.tls, insecure)}</span>
            </>
          ) : null}
          {hop.note ? (
            <>
              <br />
              <span className="hop-note">{hop.note}</span>
            </>
          ) : null}
          {cookies[hop.index - 1] ? <HopCookieReport view={cookies[hop.index - 1]!} label={`Request ${hop.index}`} /> : null}
        </li>
      ))}
    </ol>
  );
}

export function TimingPanel({ head, summary, hops }: TimingPanelProps) {
  if (!summary) return <p className="muted">Timings appear when the exchange completes.</p>;
  // Hops stream in as Hop frames; the summary repeats them once the exchange is over.
  const relayHops = summary.hops.length ? summary.hops : hops;
  const chain = hopTimings(summary.hops.length ? summary : { ...summary, hops: [...hops] }, head?.status);
  // Redirects and Digest challenge rounds, each called by its name (core's words, shared with the status line).
  const story = describeHops(relayHops);
  // A single request's cookies get their own line; a chain shows them hop by hop below.
  const onlyCookies = chain.hops.length === 1 ? describeCookieReport(summary.cookies) : undefined;
  return (
    <div className="timing-panel">
      <section aria-labelledby="timing-title">
        <h3 id="timing-title">Timing</h3>
        <Waterfall hops={chain.hops} total={chain.total} overview={story.overview} />
      </section>
      <section aria-labelledby="sizes-title">
        <h3 id="sizes-title">Sizes</h3>
        <Sizes summary={summary} head={head} />
      </section>
      <section aria-labelledby="connection-title">
        <h3 id="connection-title">Connection{chain.hops.length > 1 ? ' of the final request' : ''}</h3>
        <Connection summary={summary} head={head} />
        {onlyCookies ? <HopCookieReport view={onlyCookies} label="Response" /> : null}
      </section>
      {summary.tls?.chain?.length ? (
        <section aria-labelledby="chain-title">
          <h3 id="chain-title">Server certificate chain ({summary.tls.chain.length})</h3>
          <CertificateChain chain={summary.tls.chain} />
        </section>
      ) : null}
      {chain.hops.length > 1 ? (
        <section aria-labelledby="redirects-title">
          <h3 id="redirects-title">{story.heading}</h3>
          <RedirectChain hops={chain.hops} insecure={summary.insecureTls} label={story.listLabel} />
          <p className="muted small">Whole exchange: {formatMs(chain.total)}.</p>
        </section>
      ) : null}
    </div>
  );
}
