/**
 * A cURL command pasted into the URL field becomes the request: core's `parseCurl` reads
 * it (quoting, -H, -d, --json, -F, -u, …) and the active tab takes the result. A command
 * that cannot be read is not pasted as a URL; the reason is shown instead. Several commands
 * pasted at once: the first is read and the notice counts the others, which Import… brings
 * in as requests of their own. The reader loads with the first pasted command, so the
 * first screen does not carry it.
 */
import { useCallback } from 'react';
import { useWorkbenchApi } from '../../base/state/StoreProvider';

/** Recognises a pasted cURL command (after an optional `$ ` prompt). */
export function isCurlCommand(text: string): boolean {
  return /^\s*(\$\s+)?curl(\.exe)?\s/i.test(text);
}

/** The URL field's paste handler: true when it took the paste. */
export function useCurlPaste(): (text: string) => boolean {
  const store = useWorkbenchApi();
  return useCallback(
    (text: string) => {
      if (!isCurlCommand(text)) return false;
      // The draft it replaces is the one active at paste time, even if the reader takes a moment to load.
      const tabId = store.getState().activeTabId;
      void import('../../../core/formats/curlImport').then(
        ({ parseCurl }) => {
          if (store.getState().activeTabId !== tabId) return;
          readInto(parseCurl(text.trim().replace(/^\$\s+/, '')));
        },
        (err: Error) => store.getState().setRequestNotice({ tone: 'error', message: `The cURL reader could not be loaded (${err.message}); paste again to retry.` }),
      );
      return true;
    },
    [store],
  );

  function readInto(parsed: ReturnType<typeof import('../../../core/formats/curlImport').parseCurl>): void {
    const state = store.getState();
    if (!parsed.ok) {
      const at = parsed.error.position;
      state.setRequestNotice({ tone: 'error', message: `This cURL command could not be read${at ? ` (line ${at.line}, column ${at.column})` : ''}: ${parsed.error.message}` });
      return;
    }
    // The tab keeps its identity (and its place in a collection); its request is replaced.
    state.updateDraft((current) => ({ ...parsed.value.draft, id: current.id, name: current.name }));
    // Several commands pasted at once: the first is read, and the notice says so first (its lead warning counts the rest).
    const lead = parsed.value.moreRequests > 0 ? 'Read the cURL command (the first of several).' : 'Read the cURL command.';
    state.setRequestNotice({
      tone: 'info',
      message: parsed.value.warnings.length > 0 ? `${lead} ${parsed.value.warnings.join(' ')}` : 'Read the cURL command into this request.',
    });
  }
}
