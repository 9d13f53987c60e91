import { METHOD_OVERRIDE_HEADER, type DraftOptions } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { HelpPopover } from '../../base/components/HelpPopover';

/** How the request is sent: method override, redirects, cookies, HTTP version, time-out, TLS verification. */
export function OptionsPanel() {
  const options = useWorkbench((s) => s.draft.options);
  const method = useWorkbench((s) => s.draft.method.trim());
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const set = (patch: Partial<DraftOptions>) => updateDraft((d) => ({ ...d, options: { ...d.options, ...patch } }));
  return (
    <section aria-labelledby="options-title" className="subsection options-panel">
      <h3 id="options-title" className="visually-hidden">
        Options
      </h3>
      <label className="inline-check">
        <input type="checkbox" checked={options.methodOverride} onChange={(e) => set({ methodOverride: e.target.checked })} />
        Send as POST with {METHOD_OVERRIDE_HEADER}
      </label>
      <HelpPopover topic="method override">
        For clients or proxies that cannot send {method && method !== 'POST' ? method : 'a method such as PUT or DELETE'}: the request goes as POST and the header names the intended method; servers that honour it treat the request as that method (spec §4.2).
      </HelpPopover>
      {options.methodOverride && method === 'POST' ? <p className="field-help">The method is already POST, so nothing changes.</p> : null}
      <label className="inline-check">
        <input type="checkbox" checked={options.followRedirects} onChange={(e) => set({ followRedirects: e.target.checked })} />
        Follow redirects
      </label>
      <HelpPopover topic="Follow redirects">Every hop is shown in the response. Off by default, so a 3xx is seen as it is.</HelpPopover>
      <label className="inline-check">
        <input type="checkbox" checked={options.cookies !== false} onChange={(e) => set({ cookies: e.target.checked })} />
        Send and store cookies
      </label>
      <HelpPopover topic="Send and store cookies">
        The workspace cookie jar adds its cookies for each request and redirect hop, and keeps what every hop's Set-Cookie sets (RFC 6265bis). A Cookie header typed here goes first and wins over a jar cookie of the same name. Off: only typed cookies go, and nothing is stored. See and edit the jar in the Cookies panel.
      </HelpPopover>
      <label className="number-field">
        HTTP version
        <select value={options.protocol ?? 'auto'} onChange={(e) => set({ protocol: e.target.value as NonNullable<DraftOptions['protocol']> })}>
          <option value="auto">Automatic (HTTP/2 when an https server offers it)</option>
          <option value="http1">Force HTTP/1.1</option>
          <option value="h2c">HTTP/2 with prior knowledge (h2c) for http://</option>
        </select>
      </label>
      <HelpPopover topic="HTTP version">
        Over https the relay offers h2 and http/1.1 in the TLS handshake (ALPN) and speaks what the server picks. Force HTTP/1.1 never offers h2. An http:// target gets HTTP/1.1 unless you choose h2c, which starts HTTP/2 at once: only for servers known to take it (RFC 9113 §3.3).
      </HelpPopover>
      <label className="inline-check">
        <input type="checkbox" checked={options.insecureTls} onChange={(e) => set({ insecureTls: e.target.checked })} />
        Skip TLS certificate verification
      </label>
      <HelpPopover topic="skipping TLS verification">Only for a test server you trust; the exchange is marked insecure. A bearer token must only travel over verified TLS (spec §5).</HelpPopover>
      <label className="number-field">
        Timeout (ms)
        <input
          type="number"
          min={100}
          max={3_600_000}
          step={100}
          value={options.timeoutMs}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (Number.isFinite(value) && value >= 100) set({ timeoutMs: Math.min(3_600_000, Math.round(value)) });
          }}
        />
      </label>
      <HelpPopover topic="Timeout">Longest wait for a connection, the response head, or the next chunk.</HelpPopover>
    </section>
  );
}
