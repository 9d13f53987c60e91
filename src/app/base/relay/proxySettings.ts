/**
 * The proxy the page asks the relay to use (issue 17, item 5). The relay's default is the
 * server's environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY); the settings may turn proxies
 * off or name one. They belong to the workspace, as its cookie jar does: kept in the
 * workspace's browser storage (IndexedDB meta record `proxySettings`, written by the
 * workspace session through `keepProxySettings`), never in the workspace folder, since a
 * proxy is this machine's, not the team's. The proxy password is a secret and is held in
 * memory only (typed again after a reload). Every relay call of the page reads them here:
 * sends, and the vault's token calls (`networkOptions.ts`). Until the workspace's load has
 * adopted them the defaults stand in, so those calls first wait (bounded) for the load the
 * workspace session announced (`holdProxySettingsUntil`, `proxySettingsLoaded`).
 */
import type { RelayProxyChoice } from '../../../core';
import { relayToken } from './session';

/** The workspace meta record holding the settings (password left out). */
export const PROXY_SETTINGS_META_KEY = 'proxySettings';
/** Where the settings were kept before they moved to the workspace; read once to carry them over. */
const LEGACY_STORAGE_KEY = 'wirebench.proxySettings';

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

/** The settings of a workspace that never chose any: the server's environment. */
export const DEFAULT_PROXY_SETTINGS: ProxySettings = { mode: 'environment', httpProxy: '', httpsProxy: '', noProxy: '', username: '', password: '', proxyLoopback: false };
const listeners = new Set<() => void>();
let current: ProxySettings = { ...DEFAULT_PROXY_SETTINGS };
/** Set once the settings were changed in this page, so a workspace load finishing later does not undo the change. */
let changedHere = false;
/**
 * How long a relay call waits for the workspace's settings at most, counted from the call: a
 * load that hangs or fails must never keep sends from going; past it they go with what is known.
 */
export const PROXY_SETTINGS_WAIT_MS = 3000;
/** How long an announced load is waited for at all (a load that never ends stops delaying calls). */
export const PROXY_SETTINGS_HOLD_MS = 30_000;
/** The loads under way that will bring the workspace's settings; each ends itself (settled, bound passed, settings known). */
const holds = new Map<Promise<void>, () => void>();

/** Stored settings read leniently (a damaged record is the defaults); the password is never read from storage. */
export function readStoredProxySettings(value: unknown): ProxySettings | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const stored = value as Partial<Record<keyof ProxySettings, unknown>>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const mode = stored.mode === 'none' || stored.mode === 'manual' ? stored.mode : 'environment';
  return { mode, httpProxy: text(stored.httpProxy), httpsProxy: text(stored.httpsProxy), noProxy: text(stored.noProxy), username: text(stored.username), password: '', proxyLoopback: stored.proxyLoopback === true };
}

/** The settings as stored: everything but the password. */
export function storableProxySettings(settings: ProxySettings): Omit<ProxySettings, 'password'> {
  const { password: _secret, ...kept } = settings;
  return kept;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function legacySettings(): ProxySettings | undefined {
  try {
    if (typeof localStorage === 'undefined') return undefined;
    const raw = localStorage.getItem(LEGACY_STORAGE_KEY);
    return raw === null ? undefined : readStoredProxySettings(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * Adopts the workspace's stored settings (`stored`, the meta record; settings kept by this
 * browser before they moved to the workspace are carried over once) and writes every later
 * change with `put`; returns the unsubscribe. A change made before the load finished wins.
 */
export function keepProxySettings(stored: unknown, put: (value: Omit<ProxySettings, 'password'>) => Promise<void>): () => void {
  const write = () => void put(storableProxySettings(current)).catch(() => undefined);
  const read = readStoredProxySettings(stored);
  if (changedHere) write();
  else if (read) {
    current = { ...read, password: current.password };
    notify();
  } else {
    const legacy = legacySettings();
    if (legacy) {
      current = legacy;
      write();
      notify();
    }
  }
  if (typeof localStorage !== 'undefined') {
    try {
      localStorage.removeItem(LEGACY_STORAGE_KEY);
    } catch {
      // Storage refused: the old copy stays, and is ignored once the workspace has its own.
    }
  }
  listeners.add(write);
  // The settings are the workspace's now: calls waiting for them go without waiting for the rest of the load.
  releaseHolds();
  return () => listeners.delete(write);
}

/**
 * Says the workspace's settings are on their way with `load` (the workspace session's
 * load): relay calls wait for it through `proxySettingsLoaded`, until `load` settles (a
 * failure too), the settings are adopted (`keepProxySettings`) or changed in this page, or
 * `boundMs` passed (after which calls stop waiting for it at all). Returns the release, for
 * a caller that gives the load up.
 */
export function holdProxySettingsUntil(load: PromiseLike<unknown>, boundMs: number = PROXY_SETTINGS_HOLD_MS): () => void {
  if (!(boundMs >= 0)) throw new RangeError(`holdProxySettingsUntil: boundMs must be a number >= 0, got ${boundMs}.`);
  let resolve!: () => void;
  const held = new Promise<void>((r) => (resolve = r));
  const release = () => {
    clearTimeout(timer);
    holds.delete(held);
    resolve();
  };
  const timer = setTimeout(release, boundMs);
  holds.set(held, release);
  Promise.resolve(load).then(release, release);
  return release;
}

/**
 * What a relay call that reads these settings awaits first: settles once every announced
 * load has ended, or `waitMs` after this call, whichever comes first (a call waits the same
 * at most however long after the page's start it is made; the bound used to count from the
 * announcement, so a send made a moment before it ran out went with the defaults); undefined
 * when none is under way, so ordinary calls do not wait even a turn.
 */
export function proxySettingsLoaded(waitMs: number = PROXY_SETTINGS_WAIT_MS): Promise<void> | undefined {
  if (holds.size === 0) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  return Promise.race([Promise.all(holds.keys()).then(() => undefined), bound]).finally(() => clearTimeout(timer));
}

function releaseHolds(): void {
  for (const release of [...holds.values()]) release();
}

/** The current settings. */
export function proxySettings(): ProxySettings {
  return current;
}

/** Replaces the settings; the workspace keeps everything but the password. */
export function saveProxySettings(next: ProxySettings): void {
  current = { ...next };
  changedHere = true;
  notify();
  // The person's choice wins over the load (as `keepProxySettings` keeps it): nothing to wait for.
  releaseHolds();
}

/** Calls `listener` whenever the settings change; returns the unsubscribe. */
export function onProxySettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the relay is told for one request. */
export function proxyChoice(settings: ProxySettings = current): RelayProxyChoice {
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
