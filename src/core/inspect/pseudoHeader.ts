/**
 * HTTP/2 pseudo-header fields explained (RFC 9113 §8.3): the request's `:method`, `:scheme`,
 * `:authority` and `:path` carry what HTTP/1.1 put in the request line and Host; the response's
 * `:status` is the status line without its version and reason phrase. Same shape as
 * `explainResponseHeader`, so the inspector shows them in one voice with the other fields.
 */
import { statusInfo } from '../http/status';
import type { HeaderField } from '../types';
import type { HeaderExplanation } from './headerExplanation';

type PseudoExplainer = (value: string) => HeaderExplanation;

const plain = (summary: string, reference: string, details: HeaderExplanation['details'] = []): HeaderExplanation => ({ summary, details, findings: [], reference });

const explainers: Readonly<Record<string, PseudoExplainer>> = {
  ':method': (value) => plain(`The request method, ${value}: what HTTP/1.1 wrote first on the request line.`, 'RFC 9113 §8.3.1'),
  ':scheme': (value) =>
    plain(
      `The scheme of the target URI, ${value}. It names the URI's scheme, not the connection: ${value === 'https' ? 'https means the request was meant for a TLS-secured origin' : 'http over HTTP/2 means cleartext h2c'}.`,
      'RFC 9113 §8.3.1',
    ),
  ':authority': (value) =>
    plain(`The host (and port) of the target, ${value}. It replaces the Host header: a client sends :authority instead of Host over HTTP/2.`, 'RFC 9113 §8.3.1', [
      { label: 'Host', value: 'Not sent; a typed Host header becomes :authority.' },
    ]),
  ':path': (value) => plain(`The path and query of the target, ${value}: the request target of HTTP/1.1's request line (origin form).`, 'RFC 9113 §8.3.1'),
  ':protocol': (value) => plain(`The protocol an extended CONNECT asks for, ${value} (a WebSocket over HTTP/2, say).`, 'RFC 8441 §4'),
  ':status': (value) => {
    const info = statusInfo(Number(value));
    return plain(
      `The status code, ${value}. HTTP/2 sends it alone: there is no version and no reason phrase on the wire${info.registered ? ` (“${info.reason}” is only the code's registered name)` : ''}.`,
      'RFC 9113 §8.3.2',
    );
  },
};

/** Lower-case names of the pseudo-header fields `explainPseudoHeader` knows. */
export const EXPLAINED_PSEUDO_HEADERS: readonly string[] = Object.keys(explainers);

/** Explains one pseudo-header field, or returns undefined for an unknown one (which RFC 9113 §8.3 forbids). */
export function explainPseudoHeader(field: HeaderField): HeaderExplanation | undefined {
  if (!field || typeof field.name !== 'string' || typeof field.value !== 'string') {
    throw new TypeError('explainPseudoHeader expects a header field with a string name and value');
  }
  const name = field.name.toLowerCase();
  const explain = Object.hasOwn(explainers, name) ? explainers[name] : undefined;
  return explain?.(field.value);
}
