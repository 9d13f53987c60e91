/**
 * A cURL command pasted into the URL field becomes the request: core's `parseCurl` reads
 * it (quoting, -H, -d, --json, -F, -u, …) and the active tab takes the result. A command
 * that cannot be read is not pasted as a URL; the reason is shown instead.
 */
import { useCallback } from 'react';
import { parseCurl } from '../../core';
import { useWorkbenchApi } from '../store/StoreProvider';

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
      const parsed = parseCurl(text.trim().replace(/^\$\s+/, ''));
      const state = store.getState();
      if (!parsed.ok) {
        const at = parsed.error.position;
        state.setRequestNotice({ tone: 'error', message: `This cURL command could not be read${at ? ` (line ${at.line}, column ${at.column})` : ''}: ${parsed.error.message}` });
        return true;
      }
      // The tab keeps its identity (and its place in a collection); its request is replaced.
      state.updateDraft((current) => ({ ...parsed.value.draft, id: current.id, name: current.name }));
      state.setRequestNotice({
        tone: 'info',
        message: parsed.value.warnings.length > 0 ? `Read the cURL command. ${parsed.value.warnings.join(' ')}` : 'Read the cURL command into this request.',
      });
      return true;
    },
    [store],
  );
}
