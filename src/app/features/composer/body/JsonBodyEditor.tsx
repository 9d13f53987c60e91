import { useMemo } from 'react';
import { formatJson, parseJsonTemplate } from '../../../../core';
import { useWorkbench } from '../../../base/state/StoreProvider';
import { CodeField } from '../../../base/editors/lazyCodeField';

/** The JSON body: syntax errors shown at their line and column as you type, and Format. */
export function JsonBodyEditor() {
  const text = useWorkbench((s) => s.draft.body.texts.json);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const setText = (json: string) => updateDraft((d) => ({ ...d, body: { ...d.body, texts: { ...d.body.texts, json } } }));
  const checked = useMemo(() => (text.trim() === '' ? undefined : parseJsonTemplate(text)), [text]);
  const error = checked && !checked.ok ? checked.error : undefined;
  const formatted = useMemo(() => (checked?.ok ? formatJson(text) : undefined), [checked, text]);
  return (
    <div className="body-editor">
      <div className="body-toolbar">
        <button
          type="button"
          className="small-button"
          disabled={!formatted?.ok}
          title={formatted?.ok ? 'Re-indent the JSON; every token is kept as written' : 'Format needs valid JSON (a {{variable}} outside a string cannot be formatted)'}
          onClick={() => formatted?.ok && setText(formatted.value)}
        >
          Format JSON
        </button>
        {checked?.ok ? <span className="ok-note">Valid JSON</span> : null}
        {formatted && !formatted.ok ? (
          <span className="field-note" role="status" data-testid="json-format-note">
            {formatted.error.message}
          </span>
        ) : null}
      </div>
      <CodeField label="Request body" language="json" value={text} onChange={setText} errorOffset={error?.position?.offset} describedBy="json-body-error" />
      <p id="json-body-error" className={error ? 'field-error' : 'visually-hidden'} aria-live="polite" data-testid="json-error">
        {error ? `Line ${error.position?.line}, column ${error.position?.column}: ${error.message}` : ''}
      </p>
    </div>
  );
}
