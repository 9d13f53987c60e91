import { defaultPartContentType, draftRowId, type CoreError, type MultipartPartDraft } from '../../../../core';
import { FilePicker } from './FilePicker';
import { multipartJsonError, multipartJsonErrorText } from './multipartJson';

export interface MultipartPartEditorProps {
  part: MultipartPartDraft;
  index: number;
  count: number;
  error?: CoreError;
  onChange(recipe: (part: MultipartPartDraft) => MultipartPartDraft): void;
  onRemove(): void;
  onMove(to: number): void;
}

/** One part of a multipart body: name, kind, content or file, Content-Type, base64 and extra headers. */
export function MultipartPartEditor({ part, index, count, error, onChange, onRemove, onMove }: MultipartPartEditorProps) {
  const n = index + 1;
  const set = (patch: Partial<MultipartPartDraft>) => onChange((p) => ({ ...p, ...patch }));
  // A JSON part's syntax error at its line and column, as for a JSON body.
  const jsonError = multipartJsonError(part);
  const typePlaceholder = part.kind === 'file' ? part.file?.type || 'application/octet-stream' : defaultPartContentType(part) ?? 'none (text/plain)';
  return (
    <fieldset className={`multipart-part${part.enabled ? '' : ' part-disabled'}`} aria-invalid={error !== undefined}>
      <legend>
        <input type="checkbox" checked={part.enabled} aria-label={`Send part ${n}`} onChange={(e) => set({ enabled: e.target.checked })} /> Part {n}
      </legend>
      <div className="part-grid">
        <label>
          Name
          <input value={part.name} aria-label={`Part ${n} name`} spellCheck={false} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label>
          Type
          <select
            aria-label={`Part ${n} type`}
            value={part.kind}
            onChange={(e) => {
              const kind = e.target.value as MultipartPartDraft['kind'];
              set(kind === 'file' ? { kind, base64: false } : { kind });
            }}
          >
            <option value="text">Text</option>
            <option value="json">JSON</option>
            <option value="file">File</option>
          </select>
        </label>
        <label>
          Content-Type
          <input value={part.contentType} aria-label={`Part ${n} Content-Type`} placeholder={typePlaceholder} spellCheck={false} onChange={(e) => set({ contentType: e.target.value })} />
        </label>
      </div>
      {part.kind === 'file' ? (
        <div className="part-grid">
          <FilePicker label={`Part ${n} file`} file={part.file} onPick={(file) => set({ file })} />
          <label>
            Filename
            <input value={part.filename ?? ''} aria-label={`Part ${n} filename`} placeholder={part.file?.name ?? 'the file’s own name'} spellCheck={false} onChange={(e) => set({ filename: e.target.value })} />
          </label>
        </div>
      ) : (
        <>
          <textarea
            className="part-content"
            rows={part.kind === 'json' ? 4 : 2}
            value={part.value}
            aria-label={`Part ${n} content`}
            aria-invalid={jsonError !== undefined}
            aria-describedby={jsonError ? `part-${part.id}-json-error` : undefined}
            spellCheck={false}
            onChange={(e) => set({ value: e.target.value })}
          />
          {jsonError ? (
            <p className="field-error" id={`part-${part.id}-json-error`} aria-live="polite" data-testid="part-json-error">
              {multipartJsonErrorText(jsonError)}
            </p>
          ) : part.kind === 'json' && part.value.trim() !== '' ? (
            <span className="ok-note">Valid JSON</span>
          ) : null}
        </>
      )}
      <label className="inline-check" title={part.kind === 'file' ? 'A file is streamed from disk as is; base64 would need it read whole into memory (and RFC 7578 §4.7 deprecates it).' : undefined}>
        <input type="checkbox" checked={part.base64} disabled={part.kind === 'file'} aria-label={`Part ${n} base64`} onChange={(e) => set({ base64: e.target.checked })} />
        Content-Transfer-Encoding: base64
      </label>
      <div className="part-headers">
        {part.headers.map((h, i) => (
          <div key={h.id} className="part-header-row">
            <input value={h.name} aria-label={`Part ${n} header ${i + 1} name`} placeholder="Header" spellCheck={false} onChange={(e) => set({ headers: part.headers.map((x) => (x.id === h.id ? { ...x, name: e.target.value } : x)) })} />
            <input value={h.value} aria-label={`Part ${n} header ${i + 1} value`} placeholder="value" spellCheck={false} onChange={(e) => set({ headers: part.headers.map((x) => (x.id === h.id ? { ...x, value: e.target.value } : x)) })} />
            <button type="button" className="icon-button" aria-label={`Remove header ${i + 1} of part ${n}`} onClick={() => set({ headers: part.headers.filter((x) => x.id !== h.id) })}>
              ×
            </button>
          </div>
        ))}
      </div>
      <div className="part-actions">
        <button type="button" className="small-button" onClick={() => set({ headers: [...part.headers, { id: draftRowId(), enabled: true, name: '', value: '' }] })}>
          Add header to part {n}
        </button>
        <button type="button" className="icon-button" aria-label={`Move part ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          ↑
        </button>
        <button type="button" className="icon-button" aria-label={`Move part ${n} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          ↓
        </button>
        <button type="button" className="small-button" aria-label={`Remove part ${n}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      {error ? (
        <p className="field-error" aria-live="polite">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
