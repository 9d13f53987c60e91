/**
 * A whole view of a worker document as one string, fetched once it is complete and only
 * when `enabled` (small documents: an editor can hold them). Undefined until it arrives.
 */
import { useEffect, useState } from 'react';
import type { LineView } from '../format/bodyDocument';
import { formatClient } from '../formatClient';
import type { DocName } from '../workers/formatProtocol';

export function useDocText(doc: DocName, view: LineView, documentId: number | undefined, enabled: boolean, maxChars: number): string | undefined {
  const [state, setState] = useState<{ key: string; text: string } | undefined>();
  const key = `${documentId}:${doc}:${view}`;
  useEffect(() => {
    if (!enabled || documentId === undefined) return;
    let live = true;
    formatClient().open(doc, view);
    formatClient()
      .request({ type: 'text', doc, view, maxChars })
      .then(
        (text) => live && setState({ key, text }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [key, enabled, doc, view, documentId, maxChars]);
  return state?.key === key ? state.text : undefined;
}
