/**
 * A read-only CodeMirror view of a formatted body: line numbers, folding, syntax
 * highlighting, CodeMirror's own search panel (Ctrl+F), and the inspector's search bar
 * through `SearchTarget`. Used for bodies small enough for an editor; larger ones go to
 * the virtualised `LineViewer`.
 */
import { SearchCursor } from '@codemirror/search';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { editorTheme } from '../../../base/components/editorTheme';
import { useEffect, useRef } from 'react';
import { languageSlot } from '../../../base/lazy/codeLanguages';
import { SEARCH_LIMIT, type SearchTarget } from './searchTarget';

export interface ReadOnlyCodeProps {
  text: string;
  language: 'json' | 'xml' | 'text';
  label: string;
  testId?: string;
  onSearchTarget?(target: SearchTarget | null): void;
}

export function ReadOnlyCode({ text, language, label, testId, onSearchTarget }: ReadOnlyCodeProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const grammar = languageSlot(language);
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          editorTheme,
          basicSetup,
          grammar.extension,
          EditorState.readOnly.of(true),
          // Long strings (tokens, base64, messages) wrap instead of hiding behind a horizontal scroll.
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true', ...(testId ? { 'data-testid': testId, 'data-formatted': 'complete' } : {}) }),
          EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }),
        ],
      }),
    });
    grammar.fill(view);
    let matches: { from: number; to: number }[] = [];
    onSearchTarget?.({
      search: async (query) => {
        matches = [];
        if (query) {
          const cursor = new SearchCursor(view.state.doc, query, 0, view.state.doc.length, (s) => s.toLowerCase());
          while (!cursor.next().done && matches.length <= SEARCH_LIMIT) matches.push({ from: cursor.value.from, to: cursor.value.to });
        }
        return { count: Math.min(matches.length, SEARCH_LIMIT), truncated: matches.length > SEARCH_LIMIT, partial: false };
      },
      show: (index) => {
        const match = matches[index];
        if (!match) return;
        view.dispatch({ selection: EditorSelection.single(match.from, match.to), effects: EditorView.scrollIntoView(match.from, { y: 'center' }) });
      },
    });
    return () => {
      onSearchTarget?.(null);
      view.destroy();
    };
  }, [text, language, label, testId, onSearchTarget]);
  return <div className="code-viewer" ref={host} data-formatted="complete" />;
}
