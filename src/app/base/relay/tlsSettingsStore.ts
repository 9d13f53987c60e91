/**
 * Where the TLS settings live in this page: localStorage (`wirebench.tlsSettings`) holds
 * labels, host patterns, certificates and CA bundles, with keys, PKCS#12 files and
 * passphrases as `{{secret:tls/…}}` references; their values are with the secret keeper,
 * sealed in the vault when it is open with a passphrase, in this tab's memory otherwise.
 * When the vault opens, the references are resolved again.
 */
import { keepSecrets, onKeptSecretsArrived, withKeptSecrets } from '../secrets/secretKeeper';
import { EMPTY_TLS_SETTINGS, lockedCertificatesFor, readStoredTlsSettings, storableTlsSettings, tlsForRequest, type RequestTls, type TlsSettings } from './tlsSettings';

export const TLS_SETTINGS_STORAGE_KEY = 'wirebench.tlsSettings';

const listeners = new Set<() => void>();
let stored: TlsSettings | undefined;
let current: TlsSettings | undefined;
let watching = false;

function readStorage(): TlsSettings {
  try {
    return readStoredTlsSettings(JSON.parse(localStorage.getItem(TLS_SETTINGS_STORAGE_KEY) ?? 'null'));
  } catch {
    return EMPTY_TLS_SETTINGS;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function load(): TlsSettings {
  if (!watching) {
    watching = true;
    // Secrets sealed in the vault arrive when it opens: resolve the references again.
    onKeptSecretsArrived(() => {
      current = withKeptSecrets(stored ?? readStorage());
      notify();
    });
  }
  if (!current) {
    stored = readStorage();
    current = withKeptSecrets(stored);
  }
  return current;
}

/** The settings, with every secret this page has put back (locked ones stay references). */
export function tlsSettings(): TlsSettings {
  return load();
}

/** Replaces the settings: the secrets go to the keeper, the rest (with references) to localStorage. */
export function saveTlsSettings(next: TlsSettings): void {
  load();
  const { stored: storable, kept } = storableTlsSettings(next);
  keepSecrets(kept);
  stored = storable;
  current = withKeptSecrets(storable);
  localStorage.setItem(TLS_SETTINGS_STORAGE_KEY, JSON.stringify(storable));
  notify();
}

/** Calls `listener` whenever the settings change; returns the unsubscribe. */
export function onTlsSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the relay gets for a request to `url` (by this page's settings unless others are given), or why it cannot be sent (a covering certificate's secrets are locked). */
export function relayTlsFor(url: string, settings: TlsSettings = load()): { ok: true; value: RequestTls } | { ok: false; message: string } {
  const locked = lockedCertificatesFor(settings, url);
  if (locked.length > 0) {
    return {
      ok: false,
      message: `the client certificate ${locked.map((l) => `"${l}"`).join(', ')} for this host has its key or passphrase sealed in the vault, which is locked, or kept only in the memory of a tab since closed. Unlock the vault (sidebar → Vault), or give them again in Certificates.`,
    };
  }
  return { ok: true, value: tlsForRequest(settings, url) };
}

/** Forgets the cached settings (tests). */
export function resetTlsSettingsCache(): void {
  stored = undefined;
  current = undefined;
}
