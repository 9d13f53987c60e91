/**
 * The cURL command-line options the importer knows — every option of curl 8.x, each in
 * one of three lists: options that change the request (applied in `curlImport.ts`),
 * options that would change it but cannot be carried over (ignored with a warning saying
 * why), and options that only change what curl prints, saves, retries or how it connects
 * (ignored without a word). Also which short letters stand for which long names, and which
 * options take a value, so a value is never mistaken for the URL. `curlOptions.test.ts`
 * checks the lists against curl's own table of options.
 */

/** Short option letters and the long option each stands for. */
export const CURL_SHORT_OPTIONS: Readonly<Record<string, string>> = {
  X: 'request', H: 'header', d: 'data', F: 'form', u: 'user', G: 'get', A: 'user-agent', e: 'referer', b: 'cookie',
  k: 'insecure', L: 'location', I: 'head', m: 'max-time', r: 'range', T: 'upload-file', x: 'proxy', U: 'proxy-user',
  E: 'cert', K: 'config', o: 'output', w: 'write-out', c: 'cookie-jar', D: 'dump-header', y: 'speed-time',
  Y: 'speed-limit', z: 'time-cond', C: 'continue-at', t: 'telnet-option', Q: 'quote', P: 'ftp-port', s: 'silent',
  S: 'show-error', v: 'verbose', i: 'include', f: 'fail', '#': 'progress-bar', '0': 'http1.0', N: 'no-buffer',
  g: 'globoff', O: 'remote-name', J: 'remote-header-name', n: 'netrc', q: 'disable', '4': 'ipv4', '6': 'ipv6',
  '1': 'tlsv1', '2': 'sslv2', '3': 'sslv3', j: 'junk-session-cookies', Z: 'parallel', a: 'append', l: 'list-only',
  M: 'manual', h: 'help', V: 'version', B: 'use-ascii', R: 'remote-time', p: 'proxytunnel', ':': 'next',
};

/** Options handled by the importer because they change the request; `true` when they take a value. */
export const CURL_REQUEST_OPTIONS: Readonly<Record<string, boolean>> = {
  request: true, header: true, data: true, 'data-ascii': true, 'data-raw': true, 'data-binary': true, 'data-urlencode': true,
  json: true, form: true, 'form-string': true, user: true, 'oauth2-bearer': true, get: false, compressed: false,
  'user-agent': true, referer: true, cookie: true, insecure: false, location: false, 'location-trusted': false, url: true,
  head: false, 'max-time': true, range: true, 'upload-file': true, 'url-query': true, basic: false, next: false,
  follow: false, 'continue-at': true, 'time-cond': true, variable: true,
};

/** Options that matter to the request but that Wirebench cannot carry over, with the reason; `arg` when they take a value. */
export const CURL_UNSUPPORTED_OPTIONS: Readonly<Record<string, { arg: boolean; reason: string }>> = {
  digest: { arg: false, reason: 'Digest authentication is not supported; the credentials were not applied' },
  ntlm: { arg: false, reason: 'NTLM authentication is not supported; the credentials were not applied' },
  'ntlm-wb': { arg: false, reason: 'NTLM authentication is not supported; the credentials were not applied' },
  negotiate: { arg: false, reason: 'Negotiate (SPNEGO) authentication is not supported; the credentials were not applied' },
  anyauth: { arg: false, reason: 'cURL would pick an auth scheme from the challenge; Basic was assumed' },
  'aws-sigv4': { arg: true, reason: 'AWS Signature v4 signing is not supported; the request is unsigned' },
  proxy: { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-user': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-header': { arg: true, reason: 'the relay connects directly, without a proxy' },
  preproxy: { arg: true, reason: 'the relay connects directly, without a proxy' },
  socks4: { arg: true, reason: 'the relay connects directly, without a proxy' },
  socks4a: { arg: true, reason: 'the relay connects directly, without a proxy' },
  socks5: { arg: true, reason: 'the relay connects directly, without a proxy' },
  'socks5-hostname': { arg: true, reason: 'the relay connects directly, without a proxy' },
  proxytunnel: { arg: false, reason: 'the relay connects directly, without a proxy' },
  cert: { arg: true, reason: 'client certificates are not supported' },
  key: { arg: true, reason: 'client certificates are not supported' },
  'cert-type': { arg: true, reason: 'client certificates are not supported' },
  'key-type': { arg: true, reason: 'client certificates are not supported' },
  pass: { arg: true, reason: 'client certificates are not supported' },
  cacert: { arg: true, reason: 'trust a certificate by its fingerprint in Wirebench instead' },
  capath: { arg: true, reason: 'trust a certificate by its fingerprint in Wirebench instead' },
  pinnedpubkey: { arg: true, reason: 'trust a certificate by its fingerprint in Wirebench instead' },
  resolve: { arg: true, reason: 'the relay resolves names itself' },
  'connect-to': { arg: true, reason: 'the relay resolves names itself' },
  'unix-socket': { arg: true, reason: 'the relay only speaks TCP' },
  'abstract-unix-socket': { arg: true, reason: 'the relay only speaks TCP' },
  config: { arg: true, reason: 'option files cannot be read here' },
  'request-target': { arg: true, reason: 'the request target always follows the URL' },
  'proxy-anyauth': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'proxy-basic': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'proxy-digest': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'proxy-negotiate': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'proxy-ntlm': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'proxy-pass': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-cert': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-cert-type': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-key': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-key-type': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-service-name': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-tlsuser': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-tlspassword': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy-tlsauthtype': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'proxy1.0': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'socks5-basic': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'socks5-gssapi': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'socks5-gssapi-nec': { arg: false, reason: 'the relay connects directly, without a proxy' },
  'socks5-gssapi-service': { arg: true, reason: 'the relay connects directly, without a proxy' },
  'haproxy-protocol': { arg: false, reason: 'the relay sends no HAProxy PROXY protocol header' },
  'haproxy-clientip': { arg: true, reason: 'the relay sends no HAProxy PROXY protocol header' },
  netrc: { arg: false, reason: 'the .netrc file cannot be read here; give the credentials in the auth tab' },
  'netrc-file': { arg: true, reason: 'the .netrc file cannot be read here; give the credentials in the auth tab' },
  'netrc-optional': { arg: false, reason: 'the .netrc file cannot be read here; give the credentials in the auth tab' },
  'etag-compare': { arg: true, reason: 'the ETag file cannot be read here; add an If-None-Match header instead' },
  'tr-encoding': { arg: false, reason: 'the relay asks for no compressed transfer encoding (TE: gzip)' },
  'form-escape': { arg: false, reason: 'part names are escaped as browsers do (%22 for a quote), not with backslashes' },
  tlsuser: { arg: true, reason: 'TLS-SRP logins are not supported' },
  tlspassword: { arg: true, reason: 'TLS-SRP logins are not supported' },
  tlsauthtype: { arg: true, reason: 'TLS-SRP logins are not supported' },
  'ssl-auto-client-cert': { arg: false, reason: 'client certificates are not supported' },
  'ipfs-gateway': { arg: true, reason: 'ipfs:// and ipns:// URLs are not rewritten to a gateway' },
};

/** Options that only change what curl prints, saves or retries: ignored without a warning. `true` when they take a value. */
export const CURL_QUIET_OPTIONS: Readonly<Record<string, boolean>> = {
  silent: false, 'show-error': false, verbose: false, include: false, fail: false, 'fail-with-body': false, 'fail-early': false,
  'progress-bar': false, 'no-progress-meter': false, 'http1.0': false, 'http1.1': false, http2: false,
  'http2-prior-knowledge': false, http3: false, 'http3-only': false, 'no-buffer': false, globoff: false,
  'remote-name': false, 'remote-name-all': false, 'remote-header-name': false,
  disable: false, ipv4: false, ipv6: false, tlsv1: false, 'tlsv1.0': false, 'tlsv1.1': false, 'tlsv1.2': false,
  'tlsv1.3': false, sslv2: false, sslv3: false, 'tcp-nodelay': false, 'tcp-fastopen': false, 'no-keepalive': false,
  keepalive: false, 'no-sessionid': false, raw: false, 'junk-session-cookies': false, 'create-dirs': false, post301: false,
  post302: false, post303: false, 'styled-output': false, 'no-styled-output': false, ssl: false, 'ssl-reqd': false,
  'retry-connrefused': false, 'retry-all-errors': false, parallel: false, 'trace-time': false, xattr: false, append: false,
  'list-only': false, crlf: false, manual: false, help: false, version: false, 'use-ascii': false, 'remote-time': false,
  'path-as-is': false, 'suppress-connect-headers': false, 'ssl-no-revoke': false, 'ssl-revoke-best-effort': false,
  'ssl-allow-beast': false, 'proxy-insecure': false, 'disallow-username-in-url': false, 'no-alpn': false, 'no-npn': false,
  'compressed-ssh': false, 'ftp-pasv': false, 'ftp-ssl': false, 'ftp-create-dirs': false, 'ignore-content-length': false,
  output: true, 'write-out': true, 'connect-timeout': true, retry: true, 'retry-delay': true, 'retry-max-time': true,
  'max-redirs': true, 'cookie-jar': true, 'limit-rate': true, 'dump-header': true, trace: true, 'trace-ascii': true,
  'trace-config': true, stderr: true, interface: true, 'dns-servers': true, 'speed-limit': true, 'speed-time': true,
  'max-filesize': true, 'local-port': true, 'keepalive-time': true, 'alt-svc': true, hsts: true, 'output-dir': true,
  'parallel-max': true, 'etag-save': true, ciphers: true, curves: true,
  'tls-max': true, proto: true, 'proto-redir': true, 'proto-default': true, 'happy-eyeballs-timeout-ms': true,
  'expect100-timeout': true, quote: true, 'ftp-port': true, 'telnet-option': true, 'mail-from': true, 'mail-rcpt': true,
  'login-options': true, 'sasl-authzid': true, 'service-name': true, delegation: true, krb: true, engine: true,
  'random-file': true, 'egd-file': true, 'ip-tos': true, 'vlan-priority': true, 'rate': true, 'max-time-per-transfer': true,
  // Connection, TLS and name-resolution details the relay decides for itself.
  alpn: false, 'ca-native': false, 'cert-status': false, crlfile: true, 'doh-cert-status': false, 'doh-insecure': false,
  'doh-url': true, 'dns-interface': true, 'dns-ipv4-addr': true, 'dns-ipv6-addr': true, ech: true, 'false-start': false,
  'keepalive-cnt': true, mptcp: false, npn: false, 'proxy-ca-native': false, 'proxy-cacert': true, 'proxy-capath': true,
  'proxy-ciphers': true, 'proxy-crlfile': true, 'proxy-http2': false, 'proxy-pinnedpubkey': true, 'proxy-ssl-allow-beast': false,
  'proxy-ssl-auto-client-cert': false, 'proxy-tls13-ciphers': true, 'proxy-tlsv1': false, noproxy: true, sigalgs: true,
  'ssl-sessions': true, 'tls-earlydata': false, 'tls13-ciphers': true, sessionid: false, 'http0.9': false, 'show-headers': false,
  // What curl does with the response, its files and its own output.
  buffer: false, clobber: false, 'create-file-mode': true, 'dump-ca-embed': false, libcurl: true, metalink: false,
  'out-null': false, 'parallel-immediate': false, 'parallel-max-host': true, 'progress-meter': false, 'remove-on-error': false,
  'skip-existing': false, 'trace-ids': false,
  // Other protocols than HTTP (FTP, mail, SSH, TFTP, telnet, LDAP).
  'disable-eprt': false, 'disable-epsv': false, eprt: false, epsv: false, 'ftp-account': true, 'ftp-alternative-to-user': true,
  'ftp-method': true, 'ftp-pret': false, 'ftp-skip-pasv-ip': false, 'ftp-ssl-ccc': false, 'ftp-ssl-ccc-mode': true,
  'ftp-ssl-control': false, 'ftp-ssl-reqd': false, hostpubmd5: true, hostpubsha256: true, knownhosts: true, krb4: true,
  'mail-auth': true, 'mail-rcpt-allowfails': false, pubkey: true, 'sasl-ir': false, 'tftp-blksize': true, 'tftp-no-options': false,
  'upload-flags': true,
};

/** How a written long option resolves: its name, and whether it was the `--no-` or `--expand-` form of it. */
export interface ResolvedCurlOption {
  name: string;
  negated: boolean;
  expand: boolean;
}

function isKnown(name: string): boolean {
  return name in CURL_REQUEST_OPTIONS || name in CURL_UNSUPPORTED_OPTIONS || name in CURL_QUIET_OPTIONS;
}

/**
 * Resolves a long option as curl does: its own name, `--no-x` for a switch `x` (turning it
 * off), or `--expand-x` (curl 8.3+: `x` with `{{variables}}` expanded). Undefined when
 * curl would not know it either.
 */
export function resolveCurlOption(written: string): ResolvedCurlOption | undefined {
  if (isKnown(written)) return { name: written, negated: false, expand: false };
  if (written.startsWith('no-') && isKnown(written.slice(3)) && !curlOptionTakesValue(written.slice(3))) return { name: written.slice(3), negated: true, expand: false };
  if (written.startsWith('expand-') && isKnown(written.slice(7)) && curlOptionTakesValue(written.slice(7))) return { name: written.slice(7), negated: false, expand: true };
  return undefined;
}

/** Whether the long option `name` takes a value (false for unknown options). */
export function curlOptionTakesValue(name: string): boolean {
  return CURL_REQUEST_OPTIONS[name] ?? CURL_UNSUPPORTED_OPTIONS[name]?.arg ?? CURL_QUIET_OPTIONS[name] ?? false;
}
