import type { LiveProtocol } from '../../../core/protocols/types';
import { useWorkbench } from '../../base/state/StoreProvider';
import { activeSoapTab } from '../soap/soapSlice';
import { protocolPart, protocolParts } from '../../base/protocols/protocolParts';

type RequestType = 'http' | 'soap' | 'graphql' | LiveProtocol;

/**
 * What the active tab speaks: HTTP, SOAP (the WSDL, operation and WS-Security tools), or a
 * live protocol this build offers (`protocolParts`). Switching keeps what was typed: the
 * URL, headers and auth stay on the draft, and each protocol's settings stay beside them.
 */
export function RequestTypeToggle() {
  const isSoap = useWorkbench((s) => activeSoapTab(s) !== undefined);
  const protocol = useWorkbench((s) => s.draft.protocol);
  const setRequestType = useWorkbench((s) => s.setRequestType);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const isGraphQl = useWorkbench((s) => s.draft.body.kind === 'graphql');
  const live = protocolPart(protocol) ? (protocol as LiveProtocol) : undefined;
  const current: RequestType = live ?? (isSoap ? 'soap' : isGraphQl ? 'graphql' : 'http');
  const choose = (type: RequestType) => {
    // GraphQL is HTTP with its own body: the tab stays HTTP, POST, with the GraphQL body (what was typed kept).
    if (type === 'graphql') {
      if (live) updateDraft(({ protocol: _dropped, ...rest }) => rest);
      setRequestType('http');
      updateDraft((d) => ({ ...d, method: d.body.graphql?.method ?? 'POST', body: { ...d.body, kind: 'graphql', graphql: d.body.graphql ?? { query: '', variables: '', operationName: '' } } }));
      return;
    }
    if (type === 'http' || type === 'soap') {
      if (live) updateDraft(({ protocol: _dropped, ...rest }) => rest);
      // Leaving GraphQL: the body becomes JSON (the GraphQL body is kept beside it to come back to).
      if (isGraphQl) updateDraft((d) => ({ ...d, body: { ...d.body, kind: 'json' } }));
      setRequestType(type);
      return;
    }
    const part = protocolPart(type);
    if (!part) return;
    setRequestType('http');
    updateDraft((d) => ({ ...part.init(d), protocol: type }));
  };
  const types: { id: RequestType; label: string; title?: string }[] = [
    { id: 'http', label: 'HTTP' },
    { id: 'soap', label: 'SOAP' },
    { id: 'graphql', label: 'GraphQL', title: 'An HTTP request with a GraphQL body: query, variables, schema and explorer' },
    ...(Object.entries(protocolParts) as [LiveProtocol, NonNullable<(typeof protocolParts)[LiveProtocol]>][]).map(([id, part]) => ({ id, label: part.label, title: part.description })),
  ];
  return (
    <div role="radiogroup" aria-label="Request type" className="request-type">
      {types.map(({ id, label, title }) => {
        const checked = id === current;
        return (
          <label key={id} className={`request-type-option${checked ? ' request-type-active' : ''}`} title={title}>
            <input type="radio" name="request-type" value={id} checked={checked} onChange={() => choose(id)} />
            {label}
          </label>
        );
      })}
    </div>
  );
}
