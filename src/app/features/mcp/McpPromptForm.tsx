/** The selected prompt: its arguments (required ones marked, the server's completions offered), Get. */
import { useState } from 'react';
import { call } from './mcpActions';
import { useMcpTab } from './mcpStore';

export function McpPromptForm({ tabId, name }: { tabId: string; name: string }) {
  const tab = useMcpTab(tabId);
  const [values, setValues] = useState<Record<string, string>>({});
  const [suggestions, setSuggestions] = useState<Record<string, string[]>>({});
  const prompt = tab.lists.prompts?.items.find((p) => p.name === name);
  const args = (Array.isArray(prompt?.arguments) ? prompt.arguments : []) as { name: string; description?: string; required?: boolean }[];
  const canComplete = 'completions' in (tab.handshake?.serverCapabilities ?? {});
  const missing = args.filter((a) => a.required && !values[a.name]).map((a) => a.name);
  const complete = async (arg: string) => {
    const { mcpRequest } = await import('./mcpClient');
    if (!tab.ref) return;
    const out = await mcpRequest(tab.ref, 'completion/complete', { ref: { type: 'ref/prompt', name }, argument: { name: arg, value: values[arg] ?? '' } }, `complete-${Date.now()}`, false);
    if (out.ok) setSuggestions((s) => ({ ...s, [arg]: ((out.result.completion as { values?: string[] })?.values ?? []).slice(0, 20) }));
  };
  const get = () => {
    const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    void call(tabId, 'prompt', name, 'prompts/get', { name, arguments: filled });
  };
  return (
    <form className="mcp-form" aria-label={`Get ${name}`} onSubmit={(e) => (e.preventDefault(), get())}>
      <h3 className="mcp-form-title">{String(prompt?.title ?? name)}</h3>
      {prompt?.description ? <p className="hint">{String(prompt.description)}</p> : null}
      {args.map((a) => (
        <div key={a.name} className="mcp-row">
          <label>{a.name}{a.required ? ' *' : ''} <input type="text" list={`mcp-prompt-${a.name}`} value={values[a.name] ?? ''} onChange={(e) => setValues((v) => ({ ...v, [a.name]: e.target.value }))} /></label>
          <datalist id={`mcp-prompt-${a.name}`}>{(suggestions[a.name] ?? []).map((s) => <option key={s} value={s} />)}</datalist>
          {canComplete ? <button type="button" onClick={() => void complete(a.name)}>Suggest</button> : null}
          {a.description ? <span className="hint">{a.description}</span> : null}
          {suggestions[a.name] ? <span className="hint">{suggestions[a.name]!.length ? `Server suggests: ${suggestions[a.name]!.join(', ')}` : 'No suggestions.'}</span> : null}
        </div>
      ))}
      {missing.length ? <p className="hint">Required: {missing.join(', ')} (Get sends it anyway, to see the server's answer).</p> : null}
      <div className="mcp-row"><button type="submit" className="primary">Get prompt</button></div>
    </form>
  );
}
