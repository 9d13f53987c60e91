import { HelpPopover } from '../../../base/components/HelpPopover';
import { PaneBoundary } from '../../../base/components/PaneBoundary';
import { useMemo } from 'react';
import { draftBodyOutput, methodSemantics, substituteVariables, type DraftBodyKind } from '../../../../core';
import { useWorkbench } from '../../../base/state/StoreProvider';
import { CodeField } from '../../../base/editors/lazyCodeField';
import { useEnvironmentValues } from '../../environments/useEnvironmentValues';
import { graphQlTransportOf } from '../../../../core/request/graphQlWire';
import { FilePicker } from './FilePicker';
import { FormBodyEditor } from './FormBodyEditor';
import { GraphQlBodyEditor } from './GraphQlBodyEditor';
import { JsonBodyEditor } from './JsonBodyEditor';
import { MultipartBodyEditor } from './MultipartBodyEditor';

const KINDS: { kind: DraftBodyKind; label: string }[] = [
  { kind: 'none', label: 'None' },
  { kind: 'json', label: 'JSON' },
  { kind: 'form', label: 'Form' },
  { kind: 'multipart', label: 'Multipart' },
  { kind: 'xml', label: 'XML' },
  { kind: 'text', label: 'Text' },
  { kind: 'binary', label: 'Binary file' },
  { kind: 'graphql', label: 'GraphQL' },
];

function TextBodyEditor({ kind }: { kind: 'xml' | 'text' }) {
  const text = useWorkbench((s) => s.draft.body.texts[kind]);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  return (
    <div className="body-editor">
      <CodeField label="Request body" language={kind === 'xml' ? 'xml' : 'text'} value={text} onChange={(value) => updateDraft((d) => ({ ...d, body: { ...d.body, texts: { ...d.body.texts, [kind]: value } } }))} />
    </div>
  );
}

function BinaryBodyEditor() {
  const file = useWorkbench((s) => s.draft.body.binary);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  return (
    <div className="body-editor">
      <FilePicker label="Body file" file={file} onPick={(binary) => updateDraft((d) => ({ ...d, body: { ...d.body, binary } }))} />
      <HelpPopover topic="file bodies">The file is streamed from disk when sending, never read into memory. Content-Type is the file’s type unless you type one in Headers.</HelpPopover>
    </div>
  );
}

/** The body section: choose a kind (switching keeps what was typed in each) and edit it. */
export function BodyPanel() {
  const kind = useWorkbench((s) => s.draft.body.kind);
  const method = useWorkbench((s) => s.draft.method);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const body = useWorkbench((s) => s.draft.body);
  const headers = useWorkbench((s) => s.draft.headers);
  const env = useEnvironmentValues();
  const semantics = methodSemantics(method || 'GET');
  const output = useMemo(() => draftBodyOutput(body, (text) => substituteVariables(text, env).text), [body, env]);
  const typed = headers.find((h) => h.enabled && h.name.trim().toLowerCase() === 'content-type')?.value;
  const computedType = output.ok ? output.value.contentType : undefined;
  return (
    <section aria-labelledby="body-title" className="subsection">
      <h3 id="body-title" className="visually-hidden">
        Body
      </h3>
      <div role="radiogroup" aria-label="Body type" className="body-kinds">
        {KINDS.map((k) => (
          <label key={k.kind} className={`body-kind${kind === k.kind ? ' body-kind-active' : ''}`}>
            <input type="radio" name="body-kind" value={k.kind} checked={kind === k.kind} onChange={() => updateDraft((d) => ({ ...d, body: { ...d.body, kind: k.kind, ...(k.kind === 'graphql' && !d.body.graphql ? { graphql: { query: '', variables: '', operationName: '' } } : {}) } }))} />
            {k.label}
          </label>
        ))}
      </div>
      {kind !== 'none' && kind !== 'graphql' && semantics.requestBody !== 'defined' ? (
        <p className="field-note">{semantics.method} {semantics.requestBody === 'none' ? 'must not carry a body' : 'has no defined semantics for a body; servers may ignore or reject it'} (RFC 9110 §9.3). Use POST for structured input.</p>
      ) : null}
      {kind === 'graphql' && graphQlTransportOf(body.graphql, method) === 'GET' ? (
        <p className="muted small">No body: a GET carries the query, variables and operation name in the URL’s query string.</p>
      ) : kind !== 'none' ? (
        <p className="muted small">
          Content-Type: <code>{typed ?? computedType ?? (output.ok ? 'none (the body is empty)' : 'none yet')}</code>
          {typed !== undefined ? ' — as typed in Headers.' : computedType ? ' — computed from the body; one typed in Headers replaces it.' : ''}
        </p>
      ) : null}
      <PaneBoundary key={kind} name="The body editor">
        {kind === 'json' ? <JsonBodyEditor /> : null}
        {kind === 'form' ? <FormBodyEditor /> : null}
        {kind === 'multipart' ? <MultipartBodyEditor /> : null}
        {kind === 'xml' || kind === 'text' ? <TextBodyEditor kind={kind} /> : null}
        {kind === 'binary' ? <BinaryBodyEditor /> : null}
        {kind === 'graphql' ? <GraphQlBodyEditor /> : null}
      </PaneBoundary>
    </section>
  );
}
