/**
 * What the server offers, in three lists (tools; resources and resource templates; prompts),
 * each paged with the server's cursor ("Load more"), and the selected item's form.
 */
import { useState } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import { list } from './mcpActions';
import { mcpSettingsOf } from './mcpPrepare';
import { McpPromptForm } from './McpPromptForm';
import { McpResourceForm } from './McpResourceForm';
import { useMcpTab, type McpListKind, type McpListState } from './mcpStore';
import { McpToolForm } from './McpToolForm';

type Kind = 'tool' | 'resource' | 'prompt';

function ListBlock({ tabId, kind, state, label, selected, onPick }: { tabId: string; kind: McpListKind; state: McpListState | undefined; label: string; selected?: string; onPick(name: string): void }) {
  if (!state) return <p className="hint">{label}: not listed yet.</p>;
  const key = kind === 'resources' ? 'uri' : kind === 'resourceTemplates' ? 'uriTemplate' : 'name';
  return (
    <div className="mcp-list">
      <ul aria-label={label}>
        {state.items.map((item) => {
          const name = String(item[key] ?? item.name);
          return (
            <li key={name}>
              <button type="button" className={selected === name ? 'mcp-item mcp-item-selected' : 'mcp-item'} aria-pressed={selected === name} onClick={() => onPick(name)}>
                <span className="mcp-item-name">{String(item.title ?? item.name ?? name)}</span>
                {item.description ? <span className="mcp-item-description">{String(item.description)}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {state.items.length === 0 && !state.loading ? <p className="hint">{label}: none.</p> : null}
      {state.loading ? <p className="hint" role="status">Listing…</p> : null}
      {state.error ? <p className="field-error" role="alert">{state.error}</p> : null}
      {state.nextCursor ? <button type="button" onClick={() => void list(tabId, kind, true)}>Load more {label.toLowerCase()}</button> : null}
    </div>
  );
}

export function McpCatalog({ tabId }: { tabId: string }) {
  const tab = useMcpTab(tabId);
  const call = useWorkbench((s) => mcpSettingsOf(s.draft).call);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const [kind, setKind] = useState<Kind>(call?.kind ?? 'tool');
  const pick = (k: Kind, name: string) => updateDraft((d) => ({ ...d, mcp: { ...mcpSettingsOf(d), call: { kind: k, name, arguments: mcpSettingsOf(d).call?.name === name ? mcpSettingsOf(d).call!.arguments : '{}' } } }));
  const count = (k: McpListKind) => tab.lists[k]?.items.length;
  const tabs: { id: Kind; label: string }[] = [
    { id: 'tool', label: `Tools${count('tools') !== undefined ? ` (${count('tools')})` : ''}` },
    { id: 'resource', label: `Resources${count('resources') !== undefined ? ` (${count('resources')! + (count('resourceTemplates') ?? 0)})` : ''}` },
    { id: 'prompt', label: `Prompts${count('prompts') !== undefined ? ` (${count('prompts')})` : ''}` },
  ];
  const selected = call?.kind === kind ? call.name : undefined;
  return (
    <section className="mcp-catalog" aria-label="What the server offers">
      <div role="tablist" aria-label="Tools, resources and prompts" className="section-tabs">
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={kind === t.id} onClick={() => setKind(t.id)}>{t.label}</button>
        ))}
      </div>
      <div className="mcp-catalog-body">
        {kind === 'tool' ? (
          <>
            <ListBlock tabId={tabId} kind="tools" state={tab.lists.tools} label="Tools" {...(selected ? { selected } : {})} onPick={(n) => pick('tool', n)} />
            {selected ? <McpToolForm tabId={tabId} name={selected} /> : null}
          </>
        ) : kind === 'resource' ? (
          <>
            <ListBlock tabId={tabId} kind="resources" state={tab.lists.resources} label="Resources" {...(selected ? { selected } : {})} onPick={(n) => pick('resource', n)} />
            <ListBlock tabId={tabId} kind="resourceTemplates" state={tab.lists.resourceTemplates} label="Templates" {...(selected ? { selected } : {})} onPick={(n) => pick('resource', n)} />
            {selected ? <McpResourceForm tabId={tabId} uri={selected} /> : null}
          </>
        ) : (
          <>
            <ListBlock tabId={tabId} kind="prompts" state={tab.lists.prompts} label="Prompts" {...(selected ? { selected } : {})} onPick={(n) => pick('prompt', n)} />
            {selected ? <McpPromptForm tabId={tabId} name={selected} /> : null}
          </>
        )}
      </div>
    </section>
  );
}
