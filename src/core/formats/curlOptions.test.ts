import { describe, expect, it } from 'vitest';
import { CURL_QUIET_OPTIONS, CURL_REQUEST_OPTIONS, CURL_SHORT_OPTIONS, CURL_UNSUPPORTED_OPTIONS, curlOptionTakesValue, resolveCurlOption } from './curlOptions';
import { parseCurl } from './curlImport';

/**
 * curl's own table of long options (`aliases[]` in src/tool_getparam.c, curl 8.x): the
 * name, and whether it takes a value (ARG_STRG or ARG_FILE; `help` takes an optional one
 * and is left out). Written out here so the test fails when the lists drift from curl's.
 */
const CURL_8_OPTIONS = `
abstract-unix-socket= alpn alt-svc= anyauth append aws-sigv4= basic buffer ca-native cacert= capath= cert= cert-status
cert-type= ciphers= clobber compressed compressed-ssh config= connect-timeout= connect-to= continue-at= cookie= cookie-jar=
create-dirs create-file-mode= crlf crlfile= curves= data= data-ascii= data-binary= data-raw= data-urlencode= delegation=
digest disable disable-eprt disable-epsv disallow-username-in-url dns-interface= dns-ipv4-addr= dns-ipv6-addr= dns-servers=
doh-cert-status doh-insecure doh-url= dump-ca-embed dump-header= ech= egd-file= engine= eprt epsv etag-compare= etag-save=
expect100-timeout= fail fail-early fail-with-body false-start follow form= form-escape form-string= ftp-account=
ftp-alternative-to-user= ftp-create-dirs ftp-method= ftp-pasv ftp-port= ftp-pret ftp-skip-pasv-ip ftp-ssl ftp-ssl-ccc
ftp-ssl-ccc-mode= ftp-ssl-control ftp-ssl-reqd get globoff happy-eyeballs-timeout-ms= haproxy-clientip= haproxy-protocol
head header= hostpubmd5= hostpubsha256= hsts= http0.9 http1.0 http1.1 http2 http2-prior-knowledge http3 http3-only
ignore-content-length include insecure interface= ip-tos= ipfs-gateway= ipv4 ipv6 json= junk-session-cookies keepalive
keepalive-cnt= keepalive-time= key= key-type= knownhosts= krb= krb4= libcurl= limit-rate= list-only local-port= location
location-trusted login-options= mail-auth= mail-from= mail-rcpt= mail-rcpt-allowfails manual max-filesize= max-redirs=
max-time= metalink mptcp negotiate netrc netrc-file= netrc-optional next noproxy= npn ntlm ntlm-wb oauth2-bearer= out-null
output= output-dir= parallel parallel-immediate parallel-max= parallel-max-host= pass= path-as-is pinnedpubkey= post301
post302 post303 preproxy= progress-bar progress-meter proto= proto-default= proto-redir= proxy= proxy-anyauth proxy-basic
proxy-ca-native proxy-cacert= proxy-capath= proxy-cert= proxy-cert-type= proxy-ciphers= proxy-crlfile= proxy-digest
proxy-header= proxy-http2 proxy-insecure proxy-key= proxy-key-type= proxy-negotiate proxy-ntlm proxy-pass=
proxy-pinnedpubkey= proxy-service-name= proxy-ssl-allow-beast proxy-ssl-auto-client-cert proxy-tls13-ciphers=
proxy-tlsauthtype= proxy-tlspassword= proxy-tlsuser= proxy-tlsv1 proxy-user= proxy1.0= proxytunnel pubkey= quote=
random-file= range= rate= raw referer= remote-header-name remote-name remote-name-all remote-time remove-on-error request=
request-target= resolve= retry= retry-all-errors retry-connrefused retry-delay= retry-max-time= sasl-authzid= sasl-ir
service-name= sessionid show-error show-headers sigalgs= silent skip-existing socks4= socks4a= socks5= socks5-basic
socks5-gssapi socks5-gssapi-nec socks5-gssapi-service= socks5-hostname= speed-limit= speed-time= ssl ssl-allow-beast
ssl-auto-client-cert ssl-no-revoke ssl-reqd ssl-revoke-best-effort ssl-sessions= sslv2 sslv3 stderr= styled-output
suppress-connect-headers tcp-fastopen tcp-nodelay telnet-option= tftp-blksize= tftp-no-options time-cond= tls-earlydata
tls-max= tls13-ciphers= tlsauthtype= tlspassword= tlsuser= tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 tr-encoding trace=
trace-ascii= trace-config= trace-ids trace-time unix-socket= upload-file= upload-flags= url= url-query= use-ascii user=
user-agent= variable= verbose version vlan-priority= write-out= xattr
`
  .split(/\s+/)
  .filter(Boolean)
  .map((entry) => ({ name: entry.replace(/=$/, ''), takesValue: entry.endsWith('=') }));

describe('curlOptions: every curl option is applied or ignored for a stated reason', () => {
  it('knows each of curl 8.x options, in exactly one list, with the right arity', () => {
    const lists = (name: string) => [name in CURL_REQUEST_OPTIONS, name in CURL_UNSUPPORTED_OPTIONS, name in CURL_QUIET_OPTIONS].filter(Boolean).length;
    const unknown = CURL_8_OPTIONS.filter((o) => lists(o.name) === 0).map((o) => o.name);
    const twice = CURL_8_OPTIONS.filter((o) => lists(o.name) > 1).map((o) => o.name);
    const arity = CURL_8_OPTIONS.filter((o) => curlOptionTakesValue(o.name) !== o.takesValue).map((o) => o.name);
    expect({ unknown, twice, arity }).toEqual({ unknown: [], twice: [], arity: [] });
  });

  it('gives a reason for every option it cannot carry over', () => {
    for (const [name, { reason }] of Object.entries(CURL_UNSUPPORTED_OPTIONS)) expect(reason, name).toMatch(/^[a-zA-Z.].{10,}[^.]$/);
  });

  it('maps every short letter to a long option it knows', () => {
    for (const [letter, name] of Object.entries(CURL_SHORT_OPTIONS)) expect(resolveCurlOption(name)?.name, `-${letter}`).toBeDefined();
  });

  it('reads --no-x as a switch turned off and --expand-x as x, as curl does', () => {
    expect(resolveCurlOption('no-location')).toEqual({ name: 'location', negated: true, expand: false });
    expect(resolveCurlOption('expand-data')).toEqual({ name: 'data', negated: false, expand: true });
    expect(resolveCurlOption('no-header')).toBeUndefined();
    expect(resolveCurlOption('frobnicate')).toBeUndefined();
    const parsed = parseCurl(`curl -L --no-location --variable token=t0k --expand-header 'Authorization: Bearer {{token}}' https://a.test`);
    expect(parsed.ok && parsed.value.draft.options.followRedirects).toBe(false);
    expect(parsed.ok && parsed.value.draft.headers.map((h) => h.value)).toEqual(['Bearer t0k']);
    expect(parsed.ok && parsed.value.warnings).toEqual([]);
  });

  it('expands --variable values in --expand- options with curl\'s functions, and only there', () => {
    const parsed = parseCurl(
      [
        `curl --variable 'name=  Ada Lovelace ' --variable %HOME_API=https://api.test --variable %TOKEN --variable key@key.txt`,
        `--expand-url '{{HOME_API}}/users/{{name:trim:url}}' --expand-json '{"n":"{{name:trim:json}}","b":"{{name:trim:b64}}"}'`,
        `--expand-header 'Authorization: Bearer {{TOKEN}}' --expand-header 'X-Key: {{key}}' -H 'X-Raw: {{name}}' --expand-header 'X-Lit: \\{{x}}'`,
      ].join(' '),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { draft, warnings } = parsed.value;
    expect(draft.url).toBe('https://api.test/users/Ada%20Lovelace');
    expect(draft.body.texts.json).toBe('{"n":"Ada Lovelace","b":"QWRhIExvdmVsYWNl"}');
    expect(draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual([
      'Authorization: Bearer {{TOKEN}}',
      'X-Key: {{key}}',
      'X-Raw: {{name}}',
      'X-Lit: {{x}}',
      'Content-Type: application/json',
      'Accept: application/json',
    ]);
    expect(warnings).toEqual([
      '--variable %TOKEN takes TOKEN from the environment; it was kept as {{TOKEN}}: give it a value in an environment.',
      '--variable key@key.txt reads the file "key.txt", which cannot be read here; it was kept as {{key}}: give it a value in an environment.',
    ]);
    const unset = parseCurl(`curl --expand-url 'https://a.test/{{nope}}x'`);
    expect(unset.ok && [unset.value.draft.url, unset.value.warnings]).toEqual(['https://a.test/x', ['--expand-url: {{nope}} is not set by a --variable before it, so cURL inserts nothing there.']]);
  });

  it('applies --follow, -z and the --no- form of an unsupported switch silently', () => {
    const parsed = parseCurl(`curl --follow --no-digest -z 'Wed, 01 Jan 2025 10:00:00 GMT' https://a.test`);
    expect(parsed.ok && parsed.value.draft.options.followRedirects).toBe(true);
    expect(parsed.ok && parsed.value.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['If-Modified-Since: Wed, 01 Jan 2025 10:00:00 GMT']);
    expect(parsed.ok && parsed.value.warnings).toEqual([]);
    const unmodified = parseCurl(`curl -z '-2025-01-01T10:00:00Z' https://a.test`);
    expect(unmodified.ok && unmodified.value.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['If-Unmodified-Since: Wed, 01 Jan 2025 10:00:00 GMT']);
    const file = parseCurl('curl -z local.html https://a.test');
    expect(file.ok && file.value.warnings[0]).toContain('modification time of the file "local.html"');
  });

  it('warns with the reason for options it cannot carry over', () => {
    const parsed = parseCurl('curl --netrc --tr-encoding --proxy-ntlm https://a.test');
    expect(parsed.ok && parsed.value.warnings).toEqual([
      '--netrc was ignored: the .netrc file cannot be read here; give the credentials in the auth tab.',
      '--tr-encoding was ignored: the relay asks for no compressed transfer encoding (TE: gzip).',
      '--proxy-ntlm was ignored: the relay connects directly, without a proxy.',
    ]);
  });
});
