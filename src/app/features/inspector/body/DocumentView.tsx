/**
 * One line view (Pretty or Raw) of a worker document, in the right viewer for its size:
 * an editor (Pretty) or a plain block (Raw) once a small document is complete, otherwise
 * the virtualised line viewer — which is also what shows while a body streams in.
 */
import type { DocumentProgress, LineView } from '../format/bodyDocument';
import { useDocText } from '../hooks/useDocText';
import type { DocName } from '../workers/formatProtocol';
import { LineViewer } from './LineViewer';
import { RawText } from './RawText';
import { ReadOnlyCode } from './lazyReadOnlyCode';
import type { SearchTarget } from './searchTarget';

/**
 * Formatted bodies up to this size open in CodeMirror; larger ones in the line viewer.
 * Measured: a 2 MB JSON body costs the editor one ~110 ms task and ~45 MB; at 3 MB it is
 * ~145 ms and ~90 MB, so the line viewer (no task over 50 ms at any size) takes over here.
 */
export const EDITOR_LIMIT_BYTES = 2 * 1024 * 1024;
/** Raw bodies up to this size are one block of text; larger ones use the line viewer. */
export const RAW_BLOCK_LIMIT_BYTES = 512 * 1024;

export interface DocumentViewProps {
  doc: DocName;
  view: LineView;
  progress: DocumentProgress;
  label: string;
  onSearchTarget?(target: SearchTarget | null): void;
}

export function DocumentView({ doc, view, progress, label, onSearchTarget }: DocumentViewProps) {
  const viewProgress = view === 'pretty' ? progress.pretty : progress.raw;
  const limit = view === 'pretty' ? EDITOR_LIMIT_BYTES : RAW_BLOCK_LIMIT_BYTES;
  const small = progress.ended && viewProgress?.complete === true && progress.textBytes <= limit;
  const text = useDocText(doc, view, progress.id, small, limit * 2);
  const format = progress.meta?.format ?? 'none';
  if (small && text !== undefined) {
    if (view === 'raw' || format === 'none') {
      return <RawText text={text} label={label} testId="response-body" onSearchTarget={onSearchTarget} />;
    }
    return <ReadOnlyCode text={text} language={format === 'json' ? 'json' : 'xml'} label={label} testId="response-body" onSearchTarget={onSearchTarget} />;
  }
  // The test id marks the final view only: a small body's line viewer is a stand-in until its text arrives.
  const final = !small && viewProgress?.complete === true && progress.ended;
  return <LineViewer doc={doc} view={view} progress={progress} label={label} testId={final ? 'response-body' : 'response-body-streaming'} onSearchTarget={onSearchTarget} />;
}
