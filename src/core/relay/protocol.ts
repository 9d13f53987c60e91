/**
 * The wire contract between the page and the local relay. Pure: the page encodes requests
 * and decodes frames with it, the relay does the opposite. Bodies travel as raw bytes in
 * both directions — never base64 — so a 1 GB body costs 1 GB on the wire, not 1.33 GB.
 *
 * Request to `POST /api/relay`: a 4-byte big-endian length, that many bytes of UTF-8 JSON
 * (`RelayRequestMeta`), then the request body's raw bytes until the end of the stream.
 *
 * Response: a sequence of frames, each a 1-byte type, a 4-byte big-endian payload length,
 * then the payload. Types are listed in `FrameType`.
 */
import type { DigestCredentials } from '../auth/digest';
import type { SameSiteContext, SetCookieOutcome } from '../cookies/jar';
import type { CookieJarState } from '../cookies/storedCookie';
import type { HeaderField } from '../types';
import type { RelayCaBundle, RelayClientCertificate, RelayTls } from './tlsTypes';


/** Postman's redirect rules (protocolProfileBehavior followOriginalHttpMethod, removeRefererHeaderOnRedirect). */
export interface RelayPostmanRedirects {
  followOriginalMethod: boolean;
  removeReferer: boolean;
}

/** What the page asks the relay to send. The body follows the metadata as raw bytes. */
export interface RelayRequestMeta {
  method: string;
  url: string;
  headers: HeaderField[];
  /** Follow 3xx responses (every hop is reported). Off by default. */
  followRedirects?: boolean;
  /** Maximum hops when following redirects. */
  maxRedirects?: number;
  /**
   * Follow redirects as Postman does (postman-request), for requests from a Postman
   * collection: every redirect but 307/308 becomes a GET without its body (HEAD stays HEAD)
   * unless `followOriginalMethod` (then method and body are kept on every redirect), and each
   * followed request carries `Referer: <the previous URL>` unless `removeReferer`. Absent:
   * browsers' rules (303 → GET, POST → GET on 301/302, no Referer added).
   */
  postmanRedirects?: RelayPostmanRedirects;
  /** Time allowed to connect and receive the head, and between body chunks (ms). */
  timeoutMs?: number;
  /** Skip TLS certificate verification (the UI marks the exchange insecure). */
  insecureTls?: boolean;
  /** SHA-256 fingerprints (hex, colon-separated or not) of certificates trusted for this request. */
  trustedFingerprints?: string[];
  /** Client certificates, each presented only to the hosts its patterns cover (secrets: never logged). */
  clientCertificates?: RelayClientCertificate[];
  /** CA bundles added to the trust for the hosts they cover. */
  caBundles?: RelayCaBundle[];
  /** An id chosen by the page, used to ask for upload progress. */
  id?: string;
  /**
   * Answer a 401 Digest challenge with these credentials (RFC 7616): the relay computes the
   * Authorization and reports the challenge as a hop. Secrets: the relay never logs them.
   */
  digest?: DigestCredentials;
  /**
   * "Send and store cookies": the workspace's cookie jar. The relay adds the cookies that
   * match each hop (merged with a typed Cookie header), stores each hop's Set-Cookie in its
   * copy so the next hop of the chain sends them, and reports every hop's outcomes; the page
   * stores the same lines in its jar. Absent: no jar (a typed Cookie header still goes).
   * Secrets: the relay never logs them.
   */
  cookies?: CookieJarState;
  /** Which proxy to use; absent means the relay server's environment (`HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY`). */
  proxy?: RelayProxyChoice;
  /** Treat the response as a live stream: no deadline between body chunks (always so for `text/event-stream`). */
  liveStream?: boolean;
  /** Which HTTP version to speak; absent means `auto`. See `RelayProtocolChoice`. */
  protocol?: RelayProtocolChoice;
}

/**
 * The HTTP version the relay speaks to the target. `auto`: an https target is offered h2 and
 * http/1.1 by ALPN and the server's pick is used; an http target gets HTTP/1.1. `http1`: HTTP/1.1
 * only ("Force HTTP/1.1"). `h2c`: an http target gets HTTP/2 with prior knowledge (RFC 9113 §3.3),
 * an https target is negotiated as with `auto`.
 */
export type RelayProtocolChoice = 'auto' | 'http1' | 'h2c';

/** The values `RelayProtocolChoice` takes, for checks. */
export const RELAY_PROTOCOL_CHOICES: readonly RelayProtocolChoice[] = ['auto', 'http1', 'h2c'];

/**
 * The page's proxy choice for one request. `manual` carries proxy URLs (`http://` or `https://`)
 * and a `NO_PROXY`-style list; `username`/`password` are Basic proxy credentials, secrets the
 * relay never logs or reports. Loopback targets go direct unless `proxyLoopback` is set.
 */
export type RelayProxyChoice =
  | { mode: 'environment'; proxyLoopback?: boolean }
  | { mode: 'none' }
  | { mode: 'manual'; httpProxy?: string; httpsProxy?: string; noProxy?: string; username?: string; password?: string; proxyLoopback?: boolean };

/** The proxy one hop went through, named without credentials. */
export interface RelayProxyUse {
  /** The proxy's origin, e.g. `http://proxy.example:3128`. */
  url: string;
  /** True for a CONNECT tunnel (https targets); false when the proxy forwarded the request itself. */
  tunnel: boolean;
  /** Where the choice came from. */
  source: 'environment' | 'settings';
  /** The scheme of the credentials the proxy was given (never the credentials); absent: none. */
  credentials?: 'Basic' | 'Digest';
  /** The proxy answered 407 and its Digest challenge was answered, on this hop or while opening its tunnel. */
  challenged?: boolean;
}

/** Status line and headers exactly as received. */
export interface RelayHead {
  status: number;
  /** Reason phrase as received, possibly empty. */
  reason: string;
  httpVersion: string;
  /** Headers in wire order, duplicates kept apart. */
  headers: HeaderField[];
  remoteAddress?: string;
  remotePort?: number;
  /** The response body is decoded by the relay from these content codings. */
  contentEncoding?: string[];
  /** Over HTTP/2 (`httpVersion` "2"): the response's pseudo-header fields (`:status`), apart from `headers`. */
  pseudoHeaders?: HeaderField[];
}

/**
 * Phase durations of one hop in milliseconds; zero for phases skipped by a reused
 * connection. In a `RelayHop` every number is that hop's own. In a `RelaySummary` the
 * phases are the final hop's and `total` is the whole exchange (every hop included);
 * `offset` says where the final hop began, so it alone took `total - offset`.
 */
export interface RelayTimings {
  dns: number;
  connect: number;
  tls: number;
  /** Writing the request head and body to the socket. */
  send: number;
  /** From the request being written to the first byte of the response. */
  firstByte: number;
  download: number;
  total: number;
  /** True when the request went over a kept-alive connection. */
  reusedConnection: boolean;
  /** Through a proxy over https: the TLS handshake with the proxy itself (`dns`/`connect` are then the proxy's). */
  proxyTls?: number;
  /** Through a CONNECT tunnel: from sending CONNECT to the proxy's 2xx answer. */
  tunnel?: number;
  /** When this hop began, in ms after the exchange began (0 for the first hop; absent in records made before hops were timed apart). */
  offset?: number;
}

/** Byte counts of one exchange. */
export interface RelaySizes {
  requestHeaders: number;
  requestBody: number;
  responseHeaders: number;
  /** Body bytes as they came over the wire (still content-coded). */
  responseBodyWire: number;
  /** Body bytes after removing content codings. */
  responseBodyDecoded: number;
}

/** The request exactly as the relay wrote it. */
export interface SentRequest {
  method: string;
  url: string;
  /** The request line and header block exactly as written to the socket. */
  headText: string;
  headers: HeaderField[];
  bodyBytes: number;
  /** "2" when the request went over HTTP/2; absent for HTTP/1.1. */
  httpVersion?: string;
  /** Over HTTP/2: the pseudo-header fields sent (`:method`, `:scheme`, `:authority`, `:path`), apart from `headers`. */
  pseudoHeaders?: HeaderField[];
  /** What the relay changed for HTTP/2 (RFC 9113 §8.2.2, §8.3.1): connection-specific fields dropped, Host sent as `:authority`. */
  notes?: string[];
}

/** One hop of a followed redirect chain. */
export interface RelayHop {
  url: string;
  method: string;
  status: number;
  reason: string;
  location?: string;
  headers: HeaderField[];
  /** This hop alone: its phases (download is reading the redirect's body) add up to its `total`. */
  timings: RelayTimings;
  /** The TLS of this hop's connection; absent over plain HTTP. */
  tls?: RelayTls;
  /** Why the relay sent another request: a redirect (the default when absent), or a Digest challenge it answered. */
  kind?: 'redirect' | 'digest';
  /** For a Digest hop: what the challenge asked for and how the next request answers it. */
  note?: string;
  /** With a cookie jar: what it sent and stored on this hop. */
  cookies?: RelayCookieReport;
  /** The proxy this hop went through. */
  proxy?: RelayProxyUse;
}

/** What the jar did on one hop: the cookies it added (names only) and each Set-Cookie's outcome. */
export interface RelayCookieReport {
  /** Names of the jar's cookies this hop carried (typed cookies not included). */
  sent: string[];
  /** The SameSite context the hop was sent in. */
  sameSite: SameSiteContext;
  /** One per Set-Cookie line of the hop's response, in order. */
  outcomes: SetCookieOutcome[];
}

/** How the relay answered a Digest challenge, and how the server took it. */
export interface RelayAuthReport {
  scheme: 'Digest';
  /** `answered`: the answer was accepted; `rejected`: the server refused it (a second 401, final). */
  outcome: 'answered' | 'rejected';
  message: string;
}

/** The terminal frame of a successful exchange. */
export interface RelaySummary {
  timings: RelayTimings;
  sizes: RelaySizes;
  sent: SentRequest;
  hops: RelayHop[];
  insecureTls: boolean;
  /** The TLS of the final hop's connection (a kept-alive one included); absent over plain HTTP. */
  tls?: RelayTls;
  /** Set when the relay answered a Digest challenge. */
  auth?: RelayAuthReport;
  /** With a cookie jar: what it sent and stored on the final hop. */
  cookies?: RelayCookieReport;
  /** The proxy the final hop went through. */
  proxy?: RelayProxyUse;
}

/** Kinds of failure the relay reports; each has a plain explanation (`explainRelayError`). */
export type RelayErrorKind =
  | 'dns'
  | 'refused'
  | 'reset'
  | 'timeout'
  | 'tls'
  | 'protocol'
  | 'aborted'
  | 'too_large'
  | 'bad_request'
  | 'auth'
  | 'proxy';

/** Where an exchange was when it failed: the phase a `timeout` names. */
export type RelayPhase = 'dns' | 'connect' | 'tls' | 'upload' | 'head' | 'body' | 'proxy';

/** The terminal frame of a failed exchange. */
export interface RelayError {
  kind: RelayErrorKind;
  message: string;
  /** For timeouts: the phase that went silent past the deadline. */
  phase?: RelayPhase;
  detail?: string;
  /** The low-level code when there was one (e.g. ECONNREFUSED). */
  code?: string;
  /** When the failure happened after the head, the exchange is partial. */
  partial?: boolean;
  /** Set on TLS failures: the fingerprint the person could choose to trust. */
  peerFingerprint256?: string;
  /** On a proxy failure: the proxy's status (403, 407…) and its Proxy-Authenticate challenges. */
  proxyStatus?: number;
  proxyAuthenticate?: string[];
}
