/** The selected resource (read it) or resource template (fill its variables, with the server's completions, then read). */
import { useState } from 'react';
import { call } from './mcpActions';
import { useMcpTab } from './mcpStore';

const VARS = /\{([^}]+)\}/g;

export function McpResourceForm({ tabId, uri }: { tabId: string; uri: string }) {
  const tab = useMcpTab(tabId);
  const [values, setValues] = useState<Record<string, string>>({});
  const [suggestions, setSuggestions] = useState<Record<string, string[]>>({});
  const names = [...uri.matchAll(VARS)].map((m) => m[1]!);
  const filled = uri.replace(VARS, (_, n: string) => encodeURIComponent(values[n] ?? ''));
  const canComplete = 'completions' in (tab.handshake?.serverCapabilities ?? {});
  const complete = async (name: string) => {
    const { mcpRequest } = await import('./mcpClient');
    if (!tab.ref) return;
    const out = await mcpRequest(tab.ref, 'completion/complete', { ref: { type: 'ref/resource', uri }, argument: { name, value: values[name] ?? '' } }, `complete-${Date.now()}`, false);
    if (out.ok) setSuggestions((s) => ({ ...s, [name]: ((out.result.completion as { values?: string[] })?.values ?? []).slice(0, 20) }));
  };
  return (
    <form className="mcp-form" aria-label={`Read ${uri}`} onSubmit={(e) => (e.preventDefault(), void call(tabId, 'resource', filled, 'resources/read', { uri: filled }))}>
      <h3 className="mcp-form-title">{uri}</h3>
      {names.map((n) => (
        <div key={n} className="mcp-row">
          <label>{n} <input type="text" list={`mcp-complete-${n}`} value={values[n] ?? ''} onChange={(e) => setValues((v) => ({ ...v, [n]: e.target.value }))} /></label>
          <datalist id={`mcp-complete-${n}`}>{(suggestions[n] ?? []).map((s) => <option key={s} value={s} />)}</datalist>
          {canComplete ? <button type="button" onClick={() => void complete(n)}>Suggest</button> : null}
          {suggestions[n] ? <span className="hint">{suggestions[n]!.length ? `Server suggests: ${suggestions[n]!.join(', ')}` : 'No suggestions.'}</span> : null}
        </div>
      ))}
      <div className="mcp-row"><button type="submit" className="primary">Read {filled}</button></div>
    </form>
  );
}
