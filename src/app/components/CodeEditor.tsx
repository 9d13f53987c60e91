import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { editorTheme } from './editorTheme';
import { useEffect, useRef } from 'react';

export interface CodeEditorProps {
  value: string;
  onChange?(value: string): void;
  language?: 'json' | 'xml' | 'text';
  readOnly?: boolean;
  /** Accessible name of the editor. */
  label: string;
  minHeight?: string;
}

function languageExtension(language: CodeEditorProps['language']): Extension {
  if (language === 'json') return json();
  if (language === 'xml') return xml();
  return [];
}

/** A CodeMirror 6 editor kept in sync with a string value. */
export function CodeEditor({ value, onChange, language = 'text', readOnly = false, label, minHeight = '8rem' }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          editorTheme,
          basicSetup,
          languageExtension(language),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.theme({ '&': { minHeight }, '.cm-scroller': { minHeight } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is rebuilt only when its configuration changes; value syncs below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, readOnly, label, minHeight]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
