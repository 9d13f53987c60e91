import { Annotation, EditorState, Prec, StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, keymap, WidgetType, type DecorationSet } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { editorTheme } from '../components/editorTheme';
import { useEffect, useRef } from 'react';
import { languageSlot } from '../lazy/codeLanguages';

export interface CodeFieldProps {
  value: string;
  onChange?(value: string): void;
  language?: 'json' | 'xml' | 'javascript' | 'text';
  /** Accessible name of the editor. */
  label: string;
  /** Id of the element describing the field (e.g. its error message). */
  describedBy?: string;
  /** Offset of an error to mark in the text. */
  errorOffset?: number;
  readOnly?: boolean;
  minHeight?: string;
}

/** Marks changes that came from the value prop, so they are not reported back. */
const external = Annotation.define<boolean>();

const setError = StateEffect.define<number | null>();

/** The error mark: from the offset to the end of its token, or one character. */
const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects) {
      if (!effect.is(setError)) continue;
      if (effect.value === null) return Decoration.none;
      const doc = tr.state.doc;
      const from = Math.min(effect.value, doc.length);
      const line = doc.lineAt(from);
      const rest = doc.sliceString(from, line.to);
      const token = /^[^\s,:\]}]+/.exec(rest)?.[0].length ?? 0;
      const to = Math.min(line.to, from + Math.max(1, token));
      if (from === to) return Decoration.set([Decoration.widget({ widget: new ErrorCaret(), side: 1 }).range(from)]);
      return Decoration.set([Decoration.mark({ class: 'cm-wb-error' }).range(from, to)]);
    }
    return marks.map(tr.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Marks an error at the end of a line, where there is no character to underline. */
class ErrorCaret extends WidgetType {
  toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'cm-wb-error-caret';
    span.textContent = '⟵';
    span.setAttribute('aria-hidden', 'true');
    return span;
  }
}

/**
 * A CodeMirror 6 editor for request bodies: kept in sync with a string, an error position
 * marked in the text, and Ctrl/Cmd+Enter left to the workbench (it sends) rather than
 * inserting a line.
 */
export function CodeField({ value, onChange, language = 'text', label, describedBy, errorOffset, readOnly = false, minHeight = '8rem' }: CodeFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const attributes: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'true' };
    if (describedBy) attributes['aria-describedby'] = describedBy;
    const grammar = languageSlot(language);
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => true }, { key: 'Mod-s', run: () => true }])),
          editorTheme,
          basicSetup,
          grammar.extension,
          errorField,
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of(attributes),
          EditorView.theme({ '&': { minHeight, maxHeight: '22rem' }, '.cm-scroller': { minHeight } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external))) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    grammar.fill(editor);
    return () => editor.destroy();
    // The editor is rebuilt only when its configuration changes; value and error sync below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, readOnly, label, describedBy, minHeight]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value }, annotations: external.of(true) });
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setError.of(errorOffset ?? null) });
  }, [errorOffset, value, language]);

  return <div className="code-editor" ref={host} />;
}
