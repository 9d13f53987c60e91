/**
 * The proxy the page asks the relay to use (issue 17, item 5). The relay's default is the
 * server's environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY); the settings may turn proxies
 * off or name one. Addresses and the bypass list are kept in localStorage; the proxy
 * password is a secret and is held in memory only (typed again after a reload).
 */
import type { RelayProxyChoice } from '../../core';
import { relayToken } from './session';

const STORAGE_KEY = 'wirebench.proxySettings';

/** What the settings hold; `password` never reaches storage. */
export interface ProxySettings {
  mode: 'environment' | 'none' | 'manual';
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
  username: string;
  password: string;
  /** Send loopback targets (localhost, 127.0.0.1, ::1) through the proxy too. */
  proxyLoopback: boolean;
}

/** The environment of the server the relay runs in, credentials masked. */
export interface ProxyEnvironment {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

const DEFAULTS: ProxySettings = { mode: 'environment', httpProxy: '', httpsProxy: '', noProxy: '', username: '', password: '', proxyLoopback: false };
const listeners = new Set<() => void>();
let current: ProxySettings | undefined;

function load(): ProxySettings {
  if (current) return current;
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<ProxySettings>;
    current = { ...DEFAULTS, ...stored, password: '' };
    if (!['environment', 'none', 'manual'].includes(current.mode)) current.mode = 'environment';
  } catch {
    current = { ...DEFAULTS };
  }
  return current;
}

/** The current settings. */
export function proxySettings(): ProxySettings {
  return load();
}

/** Replaces the settings; everything but the password is remembered. */
export function saveProxySettings(next: ProxySettings): void {
  current = { ...next };
  const { password: _secret, ...kept } = next;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the settings change; returns the unsubscribe. */
export function onProxySettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the relay is told for one request. */
export function proxyChoice(settings: ProxySettings = load()): RelayProxyChoice {
  if (settings.mode === 'none') return { mode: 'none' };
  if (settings.mode === 'environment') return { mode: 'environment', ...(settings.proxyLoopback ? { proxyLoopback: true } : {}) };
  const trimmed = (value: string) => (value.trim() ? value.trim() : undefined);
  const choice: RelayProxyChoice = { mode: 'manual' };
  const httpProxy = trimmed(settings.httpProxy);
  const httpsProxy = trimmed(settings.httpsProxy) ?? httpProxy;
  if (httpProxy) choice.httpProxy = httpProxy;
  if (httpsProxy) choice.httpsProxy = httpsProxy;
  if (trimmed(settings.noProxy)) choice.noProxy = settings.noProxy.trim();
  if (trimmed(settings.username)) {
    choice.username = settings.username.trim();
    choice.password = settings.password;
  }
  if (settings.proxyLoopback) choice.proxyLoopback = true;
  return choice;
}

/** Asks the server which proxy its environment names. */
export async function fetchProxyEnvironment(): Promise<ProxyEnvironment> {
  const response = await fetch('/api/relay/proxy-environment', { headers: { 'X-Wirebench-Token': relayToken() } });
  if (!response.ok) throw new Error(`The server answered ${response.status} when asked for its proxy environment.`);
  return (await response.json()) as ProxyEnvironment;
}
