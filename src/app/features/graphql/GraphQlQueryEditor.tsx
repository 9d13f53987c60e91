/**
 * The GraphQL query editor: CodeMirror 6 with cm6-graphql's language (highlighting), and
 * completion, lint marks and hover against the endpoint's schema when one is loaded — asked
 * of the schema worker that holds it (`schemaEditorSupport.ts`), never built on the page.
 * Takes the tools' pending jump (a click on an error's location) and explorer inserts at the cursor.
 */
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { graphqlLanguageSupport } from 'cm6-graphql';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { editorTheme } from '../../base/components/editorTheme';
import { graphQlTools } from './graphQlStore';
import { schemaEditorSupport } from './schemaEditorSupport';
import type { SchemaHandle } from './schemaWorkerClient';

export interface GraphQlQueryEditorProps {
  value: string;
  onChange(value: string): void;
  schema: SchemaHandle | undefined;
  describedBy?: string;
}

export function GraphQlQueryEditor({ value, onChange, schema, describedBy }: GraphQlQueryEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const schemaParts = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;
  const jump = useStore(graphQlTools, (s) => s.jump);
  const insert = useStore(graphQlTools, (s) => s.insert);

  useEffect(() => {
    const attributes: Record<string, string> = { 'aria-label': 'GraphQL query', 'aria-multiline': 'true', 'data-testid': 'graphql-query' };
    if (describedBy) attributes['aria-describedby'] = describedBy;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => true }, { key: 'Mod-s', run: () => true }])),
          editorTheme,
          basicSetup,
          graphqlLanguageSupport(),
          schemaParts.current.of(schemaEditorSupport(schema)),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of(attributes),
          EditorView.theme({ '&': { minHeight: '10rem', maxHeight: '24rem' }, '.cm-scroller': { minHeight: '10rem' } }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              const text = update.state.doc.toString();
              if (text !== valueRef.current) onChangeRef.current(text);
            }
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // Built once; value, schema, jumps and inserts sync below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    if (view.current) view.current.dispatch({ effects: schemaParts.current.reconfigure(schemaEditorSupport(schema)) });
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !jump) return;
    graphQlTools.getState().taken('jump');
    const doc = editor.state.doc;
    const line = doc.line(Math.max(1, Math.min(doc.lines, jump.line)));
    const pos = Math.min(line.to, line.from + Math.max(0, jump.column - 1));
    editor.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
    editor.focus();
  }, [jump]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !insert) return;
    graphQlTools.getState().taken('insert');
    const { from, to } = editor.state.selection.main;
    editor.dispatch({ changes: { from, to, insert: insert.text }, selection: { anchor: from + insert.text.length } });
    editor.focus();
  }, [insert]);

  return <div className="code-editor graphql-editor" ref={host} />;
}
