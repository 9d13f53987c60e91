import type { RelayError, RelayErrorKind, RelayProtocolChoice } from './protocol';

/** A plain explanation of a relay failure kind: what happened and what to try. */
export interface RelayErrorExplanation {
  title: string;
  explanation: string;
  nextStep: string;
}

const EXPLANATIONS: Record<RelayErrorKind, RelayErrorExplanation> = {
  dns: {
    title: 'Host name not found',
    explanation:
      'The relay asked DNS for the address of the host in the URL and got no answer. The request never left this machine.',
    nextStep: 'Check the spelling of the host, or whether it is only resolvable on another network (VPN, intranet).',
  },
  refused: {
    title: 'Connection refused',
    explanation:
      'The host answered, but nothing is listening on that port: the operating system refused the TCP connection. No HTTP was exchanged.',
    nextStep: 'Check the port in the URL and that the server is running; for local servers, that it listens on this address.',
  },
  reset: {
    title: 'Connection reset',
    explanation:
      'The connection was opened but the other side closed it abruptly (TCP reset) before a complete response arrived.',
    nextStep:
      'The server may have crashed or rejected the request at a low level (e.g. TLS expected on a plain port, or a proxy cut it). Retry only if the method is idempotent.',
  },
  timeout: {
    title: 'Timed out',
    explanation:
      'No answer arrived within the request timeout: either connecting, waiting for the response head, or between two parts of the body.',
    nextStep: 'Raise the timeout in the request options if the server is known to be slow; a non-idempotent request may still have taken effect.',
  },
  tls: {
    title: 'TLS failure',
    explanation:
      'The secure connection could not be established or the server certificate could not be verified. Bearer tokens and other credentials must only travel over TLS with the certificate verified (spec §5), so the relay stopped before sending anything.',
    nextStep:
      'If this is a server you control with a self-signed certificate, compare the fingerprint and trust it for this target; do not turn verification off for servers you do not know.',
  },
  protocol: {
    title: 'Not valid HTTP',
    explanation: 'The server answered with bytes that are not a valid HTTP response (bad status line, bad header syntax or bad framing).',
    nextStep: 'Check that the URL points at an HTTP server (not a database or TLS port) and that the scheme (http/https) is right.',
  },
  aborted: {
    title: 'Cancelled',
    explanation: 'The request was cancelled before it finished; the relay aborted the upstream connection.',
    nextStep: 'Send again when ready. A non-idempotent request may already have had its effect on the server.',
  },
  too_large: {
    title: 'Too large',
    explanation: 'Something exceeded a limit of the relay (for example response headers over the allowed size, or a body that had to be replayed for a redirect).',
    nextStep: 'See the detail for which limit was hit.',
  },
  bad_request: {
    title: 'Request cannot be sent',
    explanation: 'The request as composed is not something HTTP can carry (for example an invalid URL, method or header).',
    nextStep: 'Fix the part named in the message and send again.',
  },
  auth: {
    title: 'Challenge cannot be answered',
    explanation:
      'The server asked for authentication in a way the relay cannot answer (for example a Digest challenge with an algorithm RFC 7616 does not define), so nothing more was sent.',
    nextStep: 'Read the message for what the server asked; choose another scheme the server offers, or ask its owners to offer a standard algorithm.',
  },
  proxy: {
    title: 'Proxy failure',
    explanation:
      'The request was to go through a proxy, and the proxy could not be reached, refused to open a tunnel to the target (CONNECT), asked for credentials (407) or closed the connection. The target itself may never have seen the request.',
    nextStep:
      'Check the proxy settings (Proxy in the header bar, or HTTP_PROXY / HTTPS_PROXY / NO_PROXY where the server runs): the address, the user and password for a 407, or add the target to the bypass list.',
  },
};

/** Explains a relay failure kind in plain language. */
export function explainRelayError(kind: RelayErrorKind): RelayErrorExplanation {
  return EXPLANATIONS[kind];
}

/** Failures whose low-level code says more than their kind does. */
const BY_CODE: Readonly<Record<string, RelayErrorExplanation>> = {
  ERR_SSL_WRONG_VERSION_NUMBER: {
    title: 'Plain HTTP on that port',
    explanation:
      'The URL says https, so the relay opened a TLS handshake, but the server answered with something that is not TLS — almost always a plain-HTTP server on that port. This is not a certificate problem: no certificate was ever offered.',
    nextStep: 'Use http:// for this port, or the port where the server speaks TLS (often 443 or 8443).',
  },
  WB_INFORMATIONAL_DEADLINE: {
    title: 'No final response in time',
    explanation:
      'The server sent informational responses (1xx, such as 100 Continue or 103 Early Hints) but no final response within the request timeout. Informational responses only announce the answer, so they do not extend the deadline (RFC 9110 §15.2).',
    nextStep: 'Raise the timeout if the server is known to be slow; otherwise the server is stuck before its answer. A non-idempotent request may still have taken effect.',
  },
  WB_INFORMATIONAL_LIMIT: {
    title: 'Too many informational responses',
    explanation:
      'The server kept sending informational responses (1xx, such as 100 Continue or 103 Early Hints) — more than the relay takes before a final response — so the relay stopped waiting rather than hold the request open for good.',
    nextStep: 'Check the server: a final response should follow a few informational ones. A non-idempotent request may still have taken effect.',
  },
};

/** What the request asked of the connection, when it changes what a failure means. */
export interface RelayFailureContext {
  /** The request's HTTP version option (Options → HTTP version). */
  protocol?: RelayProtocolChoice;
  /** The target's scheme, `http:` or `https:`. */
  scheme?: string;
}

const H2C_REFUSED: RelayErrorExplanation = {
  title: 'No HTTP/2 on that port',
  explanation:
    'The request was set to HTTP/2 with prior knowledge (h2c), so the relay opened the connection with the HTTP/2 preface instead of an HTTP/1.1 request, and the server did not answer in HTTP/2. Most cleartext servers speak only HTTP/1.1 and read the preface as a malformed request (RFC 9113 §3.3).',
  nextStep: 'Set Options → HTTP version back to Auto (or Force HTTP/1.1) unless you know this port serves h2c.',
};

const HTTP1_TO_H2_ONLY: RelayErrorExplanation = {
  title: 'Not HTTP/1.1: perhaps an HTTP/2-only server',
  explanation:
    'The relay sent an HTTP/1.1 request and the first bytes back were not an HTTP/1.1 status line. A cleartext server that speaks only HTTP/2 (h2c with prior knowledge, as gRPC servers do) answers an HTTP/1.1 request with binary HTTP/2 frames, which look exactly like this; so does a port that is not HTTP at all.',
  nextStep: 'If this port serves HTTP/2 without TLS, set Options → HTTP version to HTTP/2 (h2c, prior knowledge) and send again; otherwise check the port and that the scheme (http/https) is right.',
};

/**
 * Explains one failure: by its code when that is more precise than its kind, else by its
 * kind; with `context`, by what the request asked of the connection as well (an h2c request
 * to an HTTP/1.1 server, an HTTP/1.1 request to an h2c-only one), so the advice never tells
 * a person to set what they already set.
 */
export function explainRelayFailure(error: Pick<RelayError, 'kind' | 'code'>, context: RelayFailureContext = {}): RelayErrorExplanation {
  const code = error.code ?? '';
  const cleartext = context.scheme === undefined || context.scheme === 'http:';
  if (context.protocol === 'h2c' && cleartext && (code.startsWith('ERR_HTTP2_') || error.kind === 'protocol' || error.kind === 'reset')) return H2C_REFUSED;
  if (context.protocol !== 'h2c' && cleartext && code === 'HPE_INVALID_CONSTANT') return HTTP1_TO_H2_ONLY;
  return (code ? BY_CODE[code] : undefined) ?? EXPLANATIONS[error.kind];
}
