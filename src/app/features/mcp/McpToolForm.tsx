/**
 * The selected tool: its description, its input schema as a generated form or as raw JSON
 * arguments (the two kept in step on the draft), the arguments checked against the schema
 * before sending (Call refuses with the reasons; "Call anyway" sends them to see the
 * server's answer), Cancel while it runs, with its progress.
 */
import { useState } from 'react';
import { argumentsFromForm, checkToolArguments, formFields, formValuesFrom, parseArgumentsText, sampleArguments } from '../../../core/protocols/mcp/toolSchema';
import { useWorkbench } from '../../base/state/StoreProvider';
import { call, cancelCall } from './mcpActions';
import { mcpSettingsOf } from './mcpPrepare';
import { useMcpStore, useMcpTab } from './mcpStore';

export function McpToolForm({ tabId, name }: { tabId: string; name: string }) {
  const tab = useMcpTab(tabId);
  const patch = useMcpStore((s) => s.patch);
  const argsText = useWorkbench((s) => mcpSettingsOf(s.draft).call?.arguments ?? '{}');
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const [raw, setRaw] = useState(false);
  const tool = tab.lists.tools?.items.find((t) => t.name === name);
  if (!tool) return <p className="hint">The tool "{name}" is not in the list; list the tools again.</p>;
  const schema = tool.inputSchema;
  const fields = formFields(schema);
  const parsed = parseArgumentsText(argsText);
  const values = parsed.ok ? formValuesFrom(fields, parsed.value) : {};
  const setArgs = (text: string) => updateDraft((d) => ({ ...d, mcp: { ...mcpSettingsOf(d), call: { kind: 'tool', name, arguments: text } } }));
  const setField = (field: string, value: string) => {
    const next = argumentsFromForm(fields, { ...values, [field]: value });
    if (next.ok) setArgs(JSON.stringify(next.value, null, 2));
    else {
      // Keep what was typed in the raw text so nothing is lost; the problem is shown by the check.
      const base = parsed.ok ? parsed.value : {};
      setArgs(JSON.stringify({ ...base, [field]: value }, null, 2));
    }
  };
  const check = parsed.ok ? checkToolArguments(name, schema, parsed.value) : parsed;
  const running = tab.call?.running && tab.call.kind === 'tool';
  const send = (anyway: boolean) => {
    if (!parsed.ok) return patch(tabId, { problem: parsed.error.message });
    if (!check.ok && !anyway) return patch(tabId, { problem: check.error.message });
    void call(tabId, 'tool', name, 'tools/call', { name, arguments: parsed.value }, tool.outputSchema);
  };
  return (
    <form className="mcp-form" aria-label={`Call ${name}`} onSubmit={(e) => (e.preventDefault(), send(false))}>
      <h3 className="mcp-form-title">{String(tool.title ?? name)}</h3>
      {tool.description ? <p className="hint">{String(tool.description)}</p> : null}
      <div className="mcp-row">
        <label><input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} /> Raw JSON arguments</label>
        <button type="button" onClick={() => setArgs(JSON.stringify(sampleArguments(schema), null, 2))}>Fill with a sample</button>
      </div>
      {raw || fields.length === 0 ? (
        <label className="mcp-raw">
          Arguments (JSON)
          <textarea rows={6} spellCheck={false} value={argsText} onChange={(e) => setArgs(e.target.value)} aria-invalid={!check.ok || undefined} aria-describedby={`mcp-args-check-${tabId}`} />
        </label>
      ) : (
        <div className="mcp-fields">
          {fields.map((f) => (
            <label key={f.name} className="mcp-field">
              <span>{f.name}{f.required ? ' *' : ''} <span className="hint">{f.kind}</span></span>
              {f.kind === 'boolean' ? (
                <select value={values[f.name] ?? ''} onChange={(e) => setField(f.name, e.target.value)}><option value="">(not set)</option><option value="true">true</option><option value="false">false</option></select>
              ) : f.kind === 'enum' ? (
                <select value={values[f.name] ?? ''} onChange={(e) => setField(f.name, e.target.value)}><option value="">(not set)</option>{f.choices!.map((c) => <option key={c} value={c}>{c}</option>)}</select>
              ) : f.kind === 'json' ? (
                <textarea rows={3} spellCheck={false} value={values[f.name] ?? ''} onChange={(e) => setField(f.name, e.target.value)} />
              ) : (
                <input type="text" inputMode={f.kind === 'string' ? undefined : 'decimal'} value={values[f.name] ?? ''} placeholder={f.initial} onChange={(e) => setField(f.name, e.target.value)} />
              )}
              {f.description ? <span className="hint">{f.description}</span> : null}
            </label>
          ))}
        </div>
      )}
      <p id={`mcp-args-check-${tabId}`} className={check.ok ? 'hint' : 'field-error'}>{check.ok ? 'The arguments fit the input schema.' : check.error.message}</p>
      <div className="mcp-row">
        {running ? (
          <button type="button" className="danger" onClick={() => void cancelCall(tabId)}>Cancel</button>
        ) : (
          <>
            <button type="submit" className="primary">Call {name}</button>
            {!check.ok && parsed.ok ? <button type="button" onClick={() => send(true)}>Call anyway</button> : null}
          </>
        )}
        {running && tab.call?.progress ? <span role="status">Progress {tab.call.progress.progress}{tab.call.progress.total ? ` of ${tab.call.progress.total}` : ''}{tab.call.progress.message ? `: ${tab.call.progress.message}` : ''}</span> : running ? <span role="status">Calling…</span> : null}
      </div>
    </form>
  );
}
