/**
 * Where a vault token may go. An access token is a key to someone's data, so the vault
 * sends it only to hosts its entry lists, and never over plain http unless the person
 * confirmed it on that entry (spec §5: Bearer tokens must only travel over TLS).
 */
import { fail, ok, positionAt, type Result } from '../types';

/** A parsed allow-list entry: an exact host or a `*.` suffix, optionally one port. */
export interface VaultHostPattern {
  /** Lower-case host name, IPv4 address or bracketed IPv6 address, without `*.`. */
  host: string;
  /** True for `*.example.com`: any subdomain, not the apex itself. */
  wildcard: boolean;
  /** The port, when the pattern names one; otherwise any port matches. */
  port?: number;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Parses one allow-list line: `api.example.com`, `*.example.com`, `127.0.0.1:4780`,
 * `[::1]:8443`. A URL pasted instead (`https://api.example.com/v1`) is refused with a note
 * to keep only the host, so a path never gives a false sense of restriction.
 */
export function parseVaultHostPattern(text: string): Result<VaultHostPattern> {
  const error = (offset: number, message: string) =>
    fail({ kind: 'vault-host-pattern', position: positionAt(text, Math.min(offset, text.length)), message });
  const value = text.trim().toLowerCase();
  const lead = text.length - text.trimStart().length;
  if (value === '') return error(0, 'The host is empty.');
  if (value.includes('://') || value.includes('/')) {
    return error(lead + Math.max(0, value.indexOf('/')), `Write only the host (and port), e.g. "api.example.com", not a URL or path: "${text.trim()}".`);
  }
  if (value === '*' || value.startsWith('*:')) return error(lead, 'A lone "*" would let the token go to any host; list the hosts you trust.');
  let rest = value;
  let wildcard = false;
  if (rest.startsWith('*.')) {
    wildcard = true;
    rest = rest.slice(2);
  }
  if (rest.includes('*')) return error(lead + value.indexOf('*', wildcard ? 1 : 0), 'Only a leading "*." is allowed, meaning "any subdomain of".');
  let host = rest;
  let port: number | undefined;
  const portMatch = rest.startsWith('[') ? /^(\[[^\]]*\])(?::(.*))?$/.exec(rest) : /^([^:]*)(?::(.*))?$/.exec(rest);
  if (!portMatch) return error(lead, `"${text.trim()}" is not a host: an IPv6 address needs its closing "]".`);
  host = portMatch[1]!;
  if (portMatch[2] !== undefined) {
    const p = portMatch[2];
    if (!/^\d{1,5}$/.test(p) || Number(p) < 1 || Number(p) > 65535) {
      return error(lead + value.lastIndexOf(':') + 1, `The port "${p}" is not a number from 1 to 65535.`);
    }
    port = Number(p);
  }
  if (host.startsWith('[')) {
    if (wildcard) return error(lead, 'An IP address cannot have a "*." wildcard.');
    if (!/^\[[0-9a-f:.]+\]$/.test(host) || !host.includes(':')) return error(lead, `"${host}" is not an IPv6 address.`);
    // Let the URL parser normalise the address (e.g. [0:0::1] → [::1]) so it compares equal.
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      return error(lead, `"${host}" is not an IPv6 address.`);
    }
    return ok(port === undefined ? { host, wildcard } : { host, wildcard, port });
  }
  if (IPV4.test(host)) {
    if (wildcard) return error(lead, 'An IP address cannot have a "*." wildcard.');
    return ok(port === undefined ? { host, wildcard } : { host, wildcard, port });
  }
  const labels = host.replace(/\.$/, '').split('.');
  const badIndex = labels.findIndex((l) => !LABEL.test(l));
  if (badIndex >= 0) {
    const offset = lead + (wildcard ? 2 : 0) + labels.slice(0, badIndex).join('.').length + (badIndex > 0 ? 1 : 0);
    return error(offset, `"${labels[badIndex]}" is not a valid part of a host name (letters, digits and inner hyphens).`);
  }
  if (wildcard && labels.length < 2) {
    return error(lead, `"*.${host}" would cover a whole top-level domain; name a domain you trust, e.g. "*.example.com".`);
  }
  host = labels.join('.');
  return ok(port === undefined ? { host, wildcard } : { host, wildcard, port });
}

function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

/** Whether `url` (already parsed) is covered by `pattern`. */
export function vaultHostMatches(pattern: VaultHostPattern, url: URL): boolean {
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  const hostOk = pattern.wildcard ? hostname.endsWith(`.${pattern.host}`) : hostname === pattern.host;
  if (!hostOk) return false;
  if (pattern.port === undefined) return true;
  const port = url.port === '' ? defaultPort(url.protocol) : Number(url.port);
  return port === pattern.port;
}

/** What `checkVaultDestination` needs to know about the entry. */
export interface VaultDestinationPolicy {
  /** The entry's name, for messages. */
  entryName: string;
  allowedHosts: readonly string[];
  allowPlainHttp: boolean;
}

function parseTarget(text: string, what: string): Result<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail({ kind: 'vault-url-invalid', message: `The ${what} "${text}" is not an absolute URL, so the vault cannot check where the token would go.` });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail({ kind: 'vault-url-invalid', message: `The vault sends tokens only over http(s), not ${url.protocol}` });
  }
  return ok(url);
}


/**
 * Decides whether an access token from the entry may be sent to `urlText`. Refuses (kind
 * `vault-host-refused`) a host outside the entry's list and (kind `vault-insecure`) plain
 * http unless the entry carries the person's confirmation. Messages name the host, the
 * list and what to change, because the composer shows them as they are.
 */
export function checkVaultDestination(urlText: string, policy: VaultDestinationPolicy): Result<URL> {
  const parsed = parseTarget(urlText, 'request URL');
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  const patterns = policy.allowedHosts.map(parseVaultHostPattern).flatMap((p) => (p.ok ? [p.value] : []));
  if (!patterns.some((p) => vaultHostMatches(p, url))) {
    const list = policy.allowedHosts.length ? policy.allowedHosts.map((h) => `"${h}"`).join(', ') : 'no hosts at all';
    return fail({
      kind: 'vault-host-refused',
      message: `The vault entry "${policy.entryName}" may send its token only to ${list}; ${url.host} is not on that list, so the token was not sent. Add the host to the entry if you trust it.`,
    });
  }
  if (url.protocol === 'http:' && !policy.allowPlainHttp) {
    return fail({
      kind: 'vault-insecure',
      message: `The request to ${url.host} goes over plain http://, which exposes the token to anyone on the path (spec §5: bearer tokens travel only over TLS), so it was not sent. Use https, or confirm plain http in the vault entry "${policy.entryName}".`,
    });
  }
  return ok(url);
}

/**
 * Decides whether the refresh token and client secret may be posted to the token
 * endpoint: any host the person typed, but plain http only with the entry's confirmation.
 */
export function checkTokenEndpoint(urlText: string, policy: Omit<VaultDestinationPolicy, 'allowedHosts'>): Result<URL> {
  const parsed = parseTarget(urlText, 'token endpoint');
  if (!parsed.ok) return parsed;
  if (parsed.value.username || parsed.value.password) {
    return fail({ kind: 'vault-url-invalid', field: 'tokenUrl', message: 'The token endpoint URL carries credentials; remove them, URLs end up in logs.' });
  }
  if (parsed.value.protocol === 'http:' && !policy.allowPlainHttp) {
    return fail({
      kind: 'vault-insecure',
      message: `The token endpoint ${parsed.value.host} is plain http://, which would expose the client secret and refresh token. Use https, or confirm plain http in the vault entry "${policy.entryName}".`,
    });
  }
  return ok(parsed.value);
}
