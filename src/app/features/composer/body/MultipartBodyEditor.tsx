import { HelpPopover } from '../../../base/components/HelpPopover';
import { useMemo } from 'react';
import {
  draftBodyOutput,
  draftRowId,
  multipartBoundaryProblem,
  multipartLength,
  multipartPreview,
  newMultipartBoundary,
  substituteVariables,
  type MultipartPartDraft,
} from '../../../../core';
import { useWorkbench } from '../../../base/state/StoreProvider';
import { useComposerView } from '../useComposerView';
import { useEnvironmentValues } from '../../environments/useEnvironmentValues';
import { MultipartPartEditor } from './MultipartPartEditor';

/** Bodies up to this size are previewed exactly. */
const PREVIEW_LIMIT = 16 * 1024;

/** The multipart builder: parts, the boundary (shown, editable, regenerable) and the raw body. */
export function MultipartBodyEditor() {
  const body = useWorkbench((s) => s.draft.body);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const env = useEnvironmentValues();
  const view = useComposerView();
  const setParts = (recipe: (parts: MultipartPartDraft[]) => MultipartPartDraft[]) => updateDraft((d) => ({ ...d, body: { ...d.body, multipart: recipe(d.body.multipart) } }));
  const setBoundary = (boundary: string) => updateDraft((d) => ({ ...d, body: { ...d.body, boundary } }));
  const output = useMemo(() => draftBodyOutput(body, (text) => substituteVariables(text, env).text), [body, env]);
  const boundaryProblem = multipartBoundaryProblem(body.boundary);
  const buildError = view.build.ok ? undefined : view.build.error;
  const length = output.ok ? multipartLength(output.value) : 0;

  return (
    <div className="body-editor">
      {body.multipart.map((part, i) => (
        <MultipartPartEditor
          key={part.id}
          part={part}
          index={i}
          count={body.multipart.length}
          error={buildError?.field === `multipart:${part.id}` ? buildError : undefined}
          onChange={(recipe) => setParts((parts) => parts.map((p) => (p.id === part.id ? recipe(p) : p)))}
          onRemove={() => setParts((parts) => parts.filter((p) => p.id !== part.id))}
          onMove={(to) =>
            setParts((parts) => {
              const next = parts.filter((p) => p.id !== part.id);
              next.splice(Math.max(0, Math.min(next.length, to)), 0, part);
              return next;
            })
          }
        />
      ))}
      <button
        type="button"
        onClick={() => setParts((parts) => [...parts, { id: draftRowId(), enabled: true, name: `field${parts.length + 1}`, kind: 'text', value: '', contentType: '', base64: false, headers: [] }])}
      >
        Add part
      </button>
      <div className="boundary-row">
        <label htmlFor="multipart-boundary">Boundary</label>
        <input id="multipart-boundary" value={body.boundary} spellCheck={false} aria-invalid={boundaryProblem !== null} aria-describedby="boundary-problem boundary-help" onChange={(e) => setBoundary(e.target.value)} />
        <button type="button" onClick={() => setBoundary(newMultipartBoundary())}>
          Regenerate boundary
        </button>
        <HelpPopover topic="the boundary" id="boundary-help">
          A string that must not occur in any part; each part starts with --boundary and the body ends with --boundary-- (spec §4.3).
        </HelpPopover>
      </div>
      <p id="boundary-problem" className={boundaryProblem || buildError?.field === 'boundary' ? 'field-error' : 'visually-hidden'} aria-live="polite">
        {boundaryProblem?.message ?? (buildError?.field === 'boundary' ? buildError.message : '')}
      </p>
      {output.ok && body.multipart.length > 0 ? (
        <div className="encoded-preview" role="group" aria-label="Raw multipart body">
          <p className="muted small">
            Raw body, {length} bytes{length > PREVIEW_LIMIT ? ` (first ${PREVIEW_LIMIT} characters shown; files are streamed, not shown)` : ''}:
          </p>
          <pre data-testid="multipart-preview">{multipartPreview(output.value, PREVIEW_LIMIT)}</pre>
        </div>
      ) : null}
    </div>
  );
}
