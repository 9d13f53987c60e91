/**
 * Which proxy a request goes through: the page's choice (issue 17, item 5), or the relay
 * server's environment (`HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY`, lowercase first, as curl
 * reads them), and `NO_PROXY` bypass rules. Loopback targets go direct unless asked.
 */
import net from 'node:net';
import type { RelayProxyChoice, RelayProxyUse } from '../core';
import type { ConnectionTimings } from './connector';
import { RelayFailure } from './failures';

/** The proxy settings found in an environment; absent ones are not set. */
export interface ProxyEnvironment {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

function pick(env: NodeJS.ProcessEnv, lower: string, upper: string): string | undefined {
  // A blank value counts as unset, as curl treats it. Read once each: every read of
  // process.env is a call into the C++ environment, on every hop.
  const first = env[lower]?.trim();
  if (first) return first;
  return env[upper]?.trim() || undefined;
}

/** Reads `http_proxy`/`HTTP_PROXY`, `https_proxy`/`HTTPS_PROXY`, `no_proxy`/`NO_PROXY` (lowercase wins). */
export function readProxyEnvironment(env: NodeJS.ProcessEnv = process.env): ProxyEnvironment {
  const found: ProxyEnvironment = {};
  const httpProxy = pick(env, 'http_proxy', 'HTTP_PROXY');
  const httpsProxy = pick(env, 'https_proxy', 'HTTPS_PROXY');
  const noProxy = pick(env, 'no_proxy', 'NO_PROXY');
  if (httpProxy) found.httpProxy = httpProxy;
  if (httpsProxy) found.httpsProxy = httpsProxy;
  if (noProxy) found.noProxy = noProxy;
  return found;
}

/** The environment's proxy settings as the settings page shows them: credentials masked. */
export function describeProxyEnvironment(env: NodeJS.ProcessEnv = process.env): ProxyEnvironment {
  const found = readProxyEnvironment(env);
  return {
    ...(found.httpProxy ? { httpProxy: maskProxyUrl(found.httpProxy) } : {}),
    ...(found.httpsProxy ? { httpsProxy: maskProxyUrl(found.httpsProxy) } : {}),
    ...(found.noProxy ? { noProxy: found.noProxy } : {}),
  };
}

/** A proxy URL with its credentials replaced, for showing in settings and reports. */
export function maskProxyUrl(value: string): string {
  try {
    const url = parseProxyUrl(value);
    return url.username || url.password ? `${url.protocol}//•••@${url.host}` : url.origin;
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//•••@');
  }
}

/** One parsed `NO_PROXY` entry. */
type BypassRule =
  | { kind: 'all' }
  | { kind: 'domain'; domain: string; port?: string }
  | { kind: 'subnet'; list: net.BlockList; port?: string };

function splitPort(entry: string): { host: string; port?: string } {
  const bracketed = entry.match(/^\[([^\]]+)\](?::(\d+))?$/);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] };
  if (net.isIPv6(entry.split('/')[0]!)) return { host: entry };
  const m = entry.match(/^(.*):(\d+)$/);
  return m ? { host: m[1]!, port: m[2] } : { host: entry };
}

/**
 * Parses a `NO_PROXY` list: comma or space separated; `*` bypasses everything; `example.com`,
 * `.example.com` and `*.example.com` match the domain and its subdomains; `host:port` only that
 * port; an IP address or CIDR block (`10.0.0.0/8`, `fd00::/8`) the addresses in it.
 */
export function parseNoProxy(list: string | undefined): BypassRule[] {
  const rules: BypassRule[] = [];
  for (const raw of (list ?? '').split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') {
      rules.push({ kind: 'all' });
      continue;
    }
    const { host, port } = splitPort(entry);
    const [address, bits] = host.split('/');
    const family = net.isIP(address!);
    if (family) {
      const list = new net.BlockList();
      const type = family === 6 ? 'ipv6' : 'ipv4';
      const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) continue;
      list.addSubnet(address!, prefix, type);
      rules.push({ kind: 'subnet', list, port });
      continue;
    }
    rules.push({ kind: 'domain', domain: host.replace(/^\*?\.+/, ''), port });
  }
  return rules;
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** True when `url` is matched by a `NO_PROXY` rule and goes direct. */
export function bypassesProxy(rules: BypassRule[], url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  const port = defaultPort(url);
  const family = net.isIP(host);
  return rules.some((rule) => {
    if (rule.kind === 'all') return true;
    if (rule.port && rule.port !== port) return false;
    if (rule.kind === 'subnet') return family !== 0 && rule.list.check(host, family === 6 ? 'ipv6' : 'ipv4');
    return host === rule.domain || host.endsWith(`.${rule.domain}`);
  });
}

/** True for targets on this machine: `localhost` names and loopback addresses. */
export function isLoopback(url: URL): boolean {
  const name = url.hostname;
  // The common cases first, cheaply: the URL parser has already written any IPv4 host as
  // four decimal numbers (net.isIPv4's regex was a measurable part of a small exchange).
  if (name.startsWith('127.') && /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return true;
  if (name === 'localhost' || name === '[::1]') return true;
  const host = name.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  // An IPv4-mapped loopback address, as the URL parser writes it ([::ffff:127.0.0.1] becomes [::ffff:7f00:1]).
  return host === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}

/** The proxy one hop goes through, credentials included (never reported). */
export interface ProxyRoute {
  /** The proxy as reached: `http:` or `https:`, host and port. */
  proxy: URL;
  /** Value of `Proxy-Authorization` (Basic), when credentials are set. */
  authorization?: string;
  /** The proxy user and password, to answer a Digest challenge (`proxyDigest.ts`); never reported. */
  credentials?: ProxyCredentials;
  /** True for https targets: a CONNECT tunnel; false: the proxy forwards the request itself. */
  tunnel: boolean;
  use: RelayProxyUse;
}

/** A proxy user and password as typed (or decoded from the proxy URL). */
export interface ProxyCredentials {
  username: string;
  password: string;
}

/** Parses a proxy URL; a bare `host:port` (common in environments) means `http://host:port`. */
export function parseProxyUrl(value: string): URL {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RelayFailure('proxy', `The proxy ${JSON.stringify(maskCredentials(value))} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RelayFailure('proxy', `Only http:// and https:// proxies are supported, not ${url.protocol}// (${url.host}).`);
  }
  return url;
}

function maskCredentials(value: string): string {
  return value.replace(/\/\/[^@/]*@/, '//•••@');
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * Chooses the proxy for `url`, or null to go direct. `env` may be given as a function, called
 * only when the environment decides. Throws a `proxy` failure for a proxy
 * URL that cannot be used, so a typo is reported rather than silently bypassed.
 */
export function routeFor(url: URL, choice: RelayProxyChoice | undefined, env: ProxyEnvironment | (() => ProxyEnvironment)): ProxyRoute | null {
  const mode = choice?.mode ?? 'environment';
  if (mode === 'none') return null;
  // Loopback goes direct whatever is configured, so it is settled before the environment is
  // read (every read of process.env is a call into C++, on every hop).
  if (!(choice && 'proxyLoopback' in choice && choice.proxyLoopback) && isLoopback(url)) return null;
  const manual = choice?.mode === 'manual' ? choice : undefined;
  const settings = manual ?? (typeof env === 'function' ? env() : env);
  const secure = url.protocol === 'https:';
  const configured = secure ? settings.httpsProxy : settings.httpProxy;
  if (!configured) return null;
  if (bypassesProxy(parseNoProxy(settings.noProxy), url)) return null;
  const proxy = parseProxyUrl(configured);
  let credentials: ProxyCredentials | undefined;
  if (manual?.username) credentials = { username: manual.username, password: manual.password ?? '' };
  else if (proxy.username) credentials = { username: decodeURIComponent(proxy.username), password: decodeURIComponent(proxy.password) };
  const plain = new URL(proxy.origin);
  return {
    proxy: plain,
    ...(credentials ? { authorization: basic(credentials.username, credentials.password), credentials } : {}),
    tunnel: secure,
    use: { url: plain.origin, tunnel: secure, source: manual ? 'settings' : 'environment' },
  };
}

/**
 * The proxy use a hop reports: the route's, with the credentials scheme the proxy was given
 * (in the request itself when it forwards; with CONNECT, kept with the connection, for a tunnel)
 * and whether a Digest challenge was answered.
 */
export function proxyUseOf(route: ProxyRoute, connection: ConnectionTimings | undefined, sent: string | undefined, answered: boolean): RelayProxyUse {
  const scheme = route.tunnel ? connection?.proxyCredentials : proxyCredentialsScheme(sent);
  const challenged = route.tunnel ? connection?.proxyChallenged === true : answered;
  if (!scheme && !challenged) return route.use;
  return { ...route.use, ...(scheme ? { credentials: scheme } : {}), ...(challenged ? { challenged: true } : {}) };
}

/** The scheme of a Proxy-Authorization value as reported (never the value itself). */
export function proxyCredentialsScheme(authorization: string | undefined): 'Basic' | 'Digest' | undefined {
  const scheme = authorization?.slice(0, authorization.indexOf(' ')).toLowerCase();
  return scheme === 'basic' ? 'Basic' : scheme === 'digest' ? 'Digest' : undefined;
}
