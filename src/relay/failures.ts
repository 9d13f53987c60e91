/**
 * Turns whatever Node threw into the relay's typed error, so the page can always say in
 * plain words what happened. Nothing here reaches the person as a bare "Failed to fetch".
 */
import type { RelayError, RelayErrorKind, RelayPhase } from '../core';
import { CertificateError } from './connector';
import { ProxyFailure } from './proxyTunnel';
import { TlsFailure } from './tlsMaterial';

/** An error the relay raised itself, already typed. */
export class RelayFailure extends Error {
  constructor(
    readonly kind: RelayErrorKind,
    message: string,
    readonly detail?: string,
    readonly phase?: RelayPhase,
    /** A code of the relay's own (`WB_…`) that core's `explainRelayFailure` explains more precisely than the kind. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RelayFailure';
  }
}

const PHASE_WORDS: Record<RelayPhase, string> = {
  dns: 'looking up the host name (DNS)',
  connect: 'opening the TCP connection',
  tls: 'completing the TLS handshake',
  upload: 'sending the request body',
  head: 'waiting for the response head',
  body: 'waiting for the next part of the response body',
  proxy: 'waiting for the proxy to open the tunnel (CONNECT)',
};

/**
 * The typed timeout of one phase: what was awaited, for how long, where. `informational`:
 * how many 1xx responses came before the final head; they never extend the deadline, and a
 * head timeout after some says so (code `WB_INFORMATIONAL_DEADLINE`).
 */
export function timeoutFailure(phase: RelayPhase, hop: { timeoutMs: number; url: URL }, informational = 0): Error {
  if (phase === 'head' && informational > 0) {
    return new RelayFailure(
      'timeout',
      `Timed out after ${hop.timeoutMs} ms waiting for the final response head (${hop.url.host}): the server sent ${informational} informational (1xx) response${informational === 1 ? '' : 's'} but no final one, and those do not extend the deadline.`,
      undefined,
      phase,
      'WB_INFORMATIONAL_DEADLINE',
    );
  }
  return new RelayFailure('timeout', `Timed out after ${hop.timeoutMs} ms ${PHASE_WORDS[phase]} (${hop.url.host}).`, undefined, phase);
}

/**
 * How many informational (1xx) responses a hop takes before its final one. RFC 9110 §15.2
 * sets no bound, but a server sending 103 or 100 without end would otherwise hold the
 * exchange open; no real exchange needs more than a few.
 */
export const MAX_INFORMATIONAL_RESPONSES = 32;

/** The typed failure of a hop that got more than `MAX_INFORMATIONAL_RESPONSES` 1xx responses (code `WB_INFORMATIONAL_LIMIT`). */
export function tooManyInformational(hop: { url: URL }, lastStatus: number): Error {
  return new RelayFailure(
    'too_large',
    `The server (${hop.url.host}) sent more than ${MAX_INFORMATIONAL_RESPONSES} informational (1xx) responses before a final one (the last a ${lastStatus}); the relay stopped waiting.`,
    'Informational responses (100 Continue, 103 Early Hints…) announce a final response; a server that keeps sending them never gives one.',
    'head',
    'WB_INFORMATIONAL_LIMIT',
  );
}

const TLS_CODES = /^(CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_TLS_|ERR_SSL_|HOSTNAME_MISMATCH|ERR_OSSL)/;

/** Classifies an error from a socket, the HTTP parser or the relay itself. */
export function classifyFailure(err: unknown, target?: string): RelayError {
  if (err instanceof RelayFailure) {
    return { kind: err.kind, message: err.message, ...(err.detail ? { detail: err.detail } : {}), ...(err.phase ? { phase: err.phase } : {}), ...(err.code ? { code: err.code } : {}) };
  }
  if (err instanceof ProxyFailure) {
    return {
      kind: 'proxy',
      message: err.message,
      ...(err.code ? { code: err.code } : {}),
      ...(err.status ? { proxyStatus: err.status } : {}),
      ...(err.proxyAuthenticate.length ? { proxyAuthenticate: err.proxyAuthenticate } : {}),
    };
  }
  if (err instanceof TlsFailure) {
    return { kind: 'tls', message: err.message, code: err.code, ...(err.detail ? { detail: err.detail } : {}) };
  }
  if (err instanceof CertificateError) {
    return {
      kind: 'tls',
      message: err.message,
      code: err.code,
      detail: err.peerFingerprint256
        ? `Certificate SHA-256 fingerprint: ${err.peerFingerprint256}`
        : 'The server presented no certificate.',
      ...(err.peerFingerprint256 ? { peerFingerprint256: err.peerFingerprint256 } : {}),
    };
  }
  const e = err as NodeJS.ErrnoException & { reason?: string };
  const code = e?.code ?? '';
  const where = target ? ` (${target})` : '';
  const message = e?.message ?? String(err);
  const make = (kind: RelayErrorKind, text: string): RelayError => ({ kind, message: text, detail: message, ...(code ? { code } : {}) });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_FAIL') {
    return make('dns', `DNS lookup failed${where}: ${code === 'EAI_AGAIN' ? 'temporary failure' : 'no such host'}.`);
  }
  if (code === 'ECONNREFUSED') return make('refused', `Connection refused${where}: nothing listens on that port.`);
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || message === 'socket hang up') {
    return make('reset', `The connection was closed by the other side${where} before the response was complete.`);
  }
  if (code === 'ETIMEDOUT' || code === 'WB_TIMEOUT') return make('timeout', `Timed out${where}.`);
  if (code === 'ABORT_ERR' || code === 'WB_ABORTED') return make('aborted', 'The request was cancelled.');
  if (code === 'HPE_HEADER_OVERFLOW') return make('too_large', `The response headers${where} exceed the relay's limit.`);
  if (code.startsWith('HPE_')) return make('protocol', `The server${where} did not answer with valid HTTP (${code}).`);
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/.test(message)) {
    // The usual cause: https:// to a port where the server speaks plain HTTP (its answer is not a TLS record).
    const plain = target ? ` Try http://${target}/ instead.` : '';
    return make('tls', `The server${where} speaks plain HTTP on that port, not TLS: its first bytes were not a TLS handshake.${plain}`);
  }
  if (TLS_CODES.test(code) || /SSL|TLS/.test(message)) return make('tls', `TLS failed${where}: ${message}`);
  if (code === 'ERR_INVALID_HTTP_TOKEN' || code === 'ERR_INVALID_CHAR' || code === 'ERR_UNESCAPED_CHARACTERS' || code === 'ERR_INVALID_URL') {
    return make('bad_request', message);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return make('refused', `No route to the host${where}.`);
  return make('protocol', `The exchange failed${where}: ${message}`);
}
