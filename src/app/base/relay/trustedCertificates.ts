/**
 * Certificates the person chose to trust, each for one target (host:port) only. A
 * fingerprint is public, not a secret, so it is kept in localStorage; the relay accepts a
 * self-signed certificate only when its SHA-256 fingerprint is listed for that target.
 */
const STORAGE_KEY = 'wirebench.trustedCertificates';

type TrustList = Record<string, string[]>;
const listeners = new Set<() => void>();
let cache: TrustList | undefined;

function load(): TrustList {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    cache = parsed && typeof parsed === 'object' ? (parsed as TrustList) : {};
  } catch {
    cache = {};
  }
  return cache;
}

function save(list: TrustList): void {
  cache = list;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  for (const listener of listeners) listener();
}

/** The target a URL's certificate belongs to: `host:port` of an https URL, or null. */
export function certificateTarget(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? `${parsed.hostname}:${parsed.port || '443'}` : null;
  } catch {
    return null;
  }
}

/** Fingerprints trusted for the target of `url`. */
export function trustedFingerprintsFor(url: string): string[] {
  const target = certificateTarget(url);
  return target ? (load()[target] ?? []) : [];
}

/** Trusts `fingerprint` for the target of `url` only. */
export function trustCertificate(url: string, fingerprint: string): void {
  const target = certificateTarget(url);
  if (!target) throw new RangeError(`Only https URLs have certificates to trust, not ${url}`);
  const list = { ...load() };
  list[target] = [...new Set([...(list[target] ?? []), fingerprint])];
  save(list);
}

/** Stops trusting any certificate for the target of `url`. */
export function forgetCertificates(url: string): void {
  const target = certificateTarget(url);
  if (!target) return;
  const list = { ...load() };
  delete list[target];
  save(list);
}

/** Calls `listener` whenever the trust list changes. */
export function subscribeTrustedCertificates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
