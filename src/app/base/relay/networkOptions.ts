/**
 * How the page's relay calls reach a host: the workspace's proxy choice, the trusted
 * certificate fingerprints, the client certificates and CA bundles covering the host, and
 * a Certificates verification exception. One function for every caller, so an ordinary
 * send and the vault's token calls (grants, refresh, discovery, device polling) to the
 * same host go the same way: through the same proxy, with the same client certificate,
 * trusting the same private CA.
 */
import type { RelayRequestMeta } from '../../../core';
import type { ProxySettings } from './proxySettings';
import { proxyChoice } from './proxySettings';
import type { RequestTls, TlsSettings } from './tlsSettings';
import { relayTlsFor } from './tlsSettingsStore';
import { proxySettingsLoaded } from './proxySettings';
import { trustedFingerprintsFor } from './trustedCertificates';

/** The part of a relay request's meta that says how to reach the host. */
export type NetworkOptions = Pick<RelayRequestMeta, 'proxy' | 'insecureTls' | 'trustedFingerprints' | 'clientCertificates' | 'caBundles'>;

/** Where the settings come from; the page's own stores unless a test passes its own. */
export interface NetworkSources {
  proxy?: ProxySettings;
  tls?: TlsSettings;
  trustedFingerprints: (url: string) => string[];
}

/**
 * The network options for `url` once its TLS settings are known (`tls`, from
 * `relayTlsFor`). `insecureTls` is only a Certificates exception's; a request may add its
 * own "skip verification" on top.
 */
export function hostNetworkOptions(url: string, tls: RequestTls, sources: NetworkSources): NetworkOptions {
  return {
    proxy: proxyChoice(sources.proxy),
    insecureTls: tls.verificationOff,
    trustedFingerprints: sources.trustedFingerprints(url),
    // Keys and passphrases are secrets: they go to the relay, never into an exchange record.
    ...(tls.clientCertificates ? { clientCertificates: tls.clientCertificates } : {}),
    ...(tls.caBundles ? { caBundles: tls.caBundles } : {}),
  };
}

/** The network options for a call to `url`, or why it cannot go (a covering client certificate's secrets are locked). */
export function networkOptionsFor(url: string, sources: NetworkSources): { ok: true; value: NetworkOptions } | { ok: false; message: string } {
  const tls = relayTlsFor(url, sources.tls);
  return tls.ok ? { ok: true, value: hostNetworkOptions(url, tls.value, sources) } : tls;
}

/**
 * `networkOptionsFor`, after waiting (bounded) for the workspace's proxy settings when the page's
 * own are used (no `sources.proxy`) and the workspace is still loading them after a reload.
 */
export async function networkOptionsOnceLoaded(url: string, sources: NetworkSources): Promise<{ ok: true; value: NetworkOptions } | { ok: false; message: string }> {
  const waiting = sources.proxy ? undefined : proxySettingsLoaded();
  if (waiting) await waiting;
  return networkOptionsFor(url, sources);
}

/**
 * This page's own network options for a call to `url` (the workspace's proxy, the host's client
 * certificate and CA bundles, its trusted fingerprints), or why the call cannot go. For the
 * page's relay calls that are not a composer send: `pm.sendRequest`, the idempotency check,
 * imports from a URL, WSDL documents.
 */
export function pageNetworkOptions(url: string): Promise<{ ok: true; value: NetworkOptions } | { ok: false; message: string }> {
  return networkOptionsOnceLoaded(url, { trustedFingerprints: trustedFingerprintsFor });
}
