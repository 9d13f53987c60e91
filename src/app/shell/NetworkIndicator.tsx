import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchProxyEnvironment, onProxySettings, proxySettings, type ProxySettings } from '../base/relay/proxySettings';
import { onTlsSettings, tlsSettings } from '../base/relay/tlsSettingsStore';
import { requestDialog } from '../base/components/requestedDialogs';
import { afterFirstScreen } from '../base/lazy/afterFirstScreen';

/** `http://user:pw@proxy.local:3128/` → `proxy.local:3128`: where the proxy is, never its credentials. */
export function proxyHost(url: string): string {
  const text = url.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).host;
  } catch {
    return text.replace(/^[^@/]*@/, '');
  }
}

/** The proxy the relay uses now, or undefined for none (the server's environment's, once it has said). */
export function activeProxy(settings: ProxySettings, environment: { httpProxy?: string; httpsProxy?: string } | undefined): { host: string; from: 'settings' | 'environment' } | undefined {
  if (settings.mode === 'none') return undefined;
  if (settings.mode === 'manual') {
    const url = settings.httpsProxy.trim() || settings.httpProxy.trim();
    return url ? { host: proxyHost(url), from: 'settings' } : undefined;
  }
  const url = environment?.httpsProxy?.trim() || environment?.httpProxy?.trim();
  return url ? { host: proxyHost(url), from: 'environment' } : undefined;
}

/**
 * A quiet line in the header when the relay does not go straight out (issue 27): a proxy in
 * use, client certificates presented, certificate verification turned off for some hosts.
 * Each opens the dialog that set it. Nothing is shown when none applies.
 */
export function NetworkIndicator() {
  const proxy = useSyncExternalStore(onProxySettings, proxySettings);
  const tls = useSyncExternalStore(onTlsSettings, tlsSettings);
  const [environment, setEnvironment] = useState<{ httpProxy?: string; httpsProxy?: string }>();
  useEffect(() => {
    if (proxy.mode !== 'environment' || environment) return;
    let live = true;
    // The server's environment is asked once, after the first screen, only while the settings follow it.
    const cancel = afterFirstScreen(() => fetchProxyEnvironment().then((env) => live && setEnvironment(env), () => undefined));
    return () => {
      live = false;
      cancel();
    };
  }, [proxy.mode, environment]);
  const active = activeProxy(proxy, environment);
  const certificates = tls.clientCertificates.length;
  const unverified = tls.verificationOff.length;
  if (!active && certificates === 0 && unverified === 0) return null;
  return (
    <span className="network-indicator" role="group" aria-label="How requests leave">
      {active ? (
        <button type="button" className="quiet network-indicator-item" onClick={() => requestDialog({ kind: 'proxy' })} title={active.from === 'environment' ? "The relay uses the proxy the server's environment names; open the proxy settings" : 'The relay sends through this proxy; open the proxy settings'}>
          Via proxy {active.host}
        </button>
      ) : null}
      {certificates > 0 ? (
        <button type="button" className="quiet network-indicator-item" onClick={() => requestDialog({ kind: 'certificates' })} title="Client certificates are presented to the hosts they name; open the certificates">
          {certificates === 1 ? '1 client certificate' : `${certificates} client certificates`}
        </button>
      ) : null}
      {unverified > 0 ? (
        <button type="button" className="quiet network-indicator-item network-indicator-insecure" onClick={() => requestDialog({ kind: 'certificates' })} title="Certificate verification is off for some hosts; open the certificates">
          Verification off ({unverified})
        </button>
      ) : null}
    </span>
  );
}
