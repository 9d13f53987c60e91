import { Annotation, Compartment, EditorState, Prec, StateEffect, StateField, type Extension, type Text } from '@codemirror/state';
import { Decoration, EditorView, keymap, placeholder, type DecorationSet } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { DYNAMIC_VARIABLES, urlTemplateTokens } from '../../../core';
import { afterFirstScreen } from '../lazy/afterFirstScreen';

export interface UrlEditorProps {
  value: string;
  onChange(value: string): void;
  /** Enter in the field: send. */
  onSubmit(): void;
  /** Pasted text; return true to take the paste instead of inserting it (a cURL command). */
  onPaste?(text: string): boolean;
  /** Names defined in the active environment; other `{{names}}` are marked unresolved, except Postman's dynamic variables (`{{$guid}}`…). */
  defined: ReadonlySet<string>;
  /** Id of the element describing the field (its problems). */
  describedBy?: string;
  invalid?: boolean;
}

/** Marks changes that came from the value prop, so they are not reported back. */
const external = Annotation.define<boolean>();

const setDefined = StateEffect.define<ReadonlySet<string>>();
const definedField = StateField.define<ReadonlySet<string>>({
  create: () => new Set(),
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setDefined) ? e.value : v), value),
});

function tokenMarks(doc: Text, defined: ReadonlySet<string>): DecorationSet {
  const text = doc.toString();
  return Decoration.set(
    urlTemplateTokens(text).map((token) => {
      // Postman's dynamic variables ({{$guid}}, {{$randomInt}}…) are known: drawn at send time unless the environment defines the name.
      const dynamic = token.kind !== 'path-param' && !defined.has(token.name) ? DYNAMIC_VARIABLES.get(token.name) : undefined;
      const known = token.kind !== 'path-param' && (defined.has(token.name) || dynamic !== undefined);
      const cls = token.kind === 'path-param' ? 'cm-wb-path' : known ? 'cm-wb-var' : 'cm-wb-var cm-wb-var-missing';
      const title =
        token.kind === 'path-param'
          ? `Path parameter "${token.name}"`
          : dynamic
            ? `Dynamic variable "${token.name}": ${dynamic.description}, drawn anew at each send`
            : known
              ? `Variable "${token.name}"`
              : `Variable "${token.name}" is not defined in the active environment`;
      return Decoration.mark({ class: cls, attributes: { title } }).range(token.from, token.to);
    }),
  );
}

const tokenField = StateField.define<DecorationSet>({
  create: (state) => tokenMarks(state.doc, state.field(definedField)),
  update: (marks, tr) => (tr.docChanged || tr.effects.some((e) => e.is(setDefined)) ? tokenMarks(tr.state.doc, tr.state.field(definedField)) : marks),
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * Undo history and the standard key bindings (urlEditorCommands.ts) load when the page is
 * idle or when the field is first focused, whichever comes first, and join the editor
 * through this compartment: the first screen does not carry them (issue 14). Until then the
 * field is a plain contenteditable line: typing, deleting, arrows, Home/End and selection
 * work natively and CodeMirror reads them as edits; Enter still sends (that binding is
 * below, not in the loaded part).
 */
const commandsSlot = new Compartment();
let commandsLoading: Promise<Extension> | null = null;

function loadCommands(): Promise<Extension> {
  commandsLoading ??= import('./urlEditorCommands').then(
    (m) => m.urlEditorCommands,
    (err: unknown) => {
      // A failed chunk load is tried again at the next focus; the field keeps working meanwhile.
      commandsLoading = null;
      throw err;
    },
  );
  return commandsLoading;
}

/** A URL is one line: pasted line breaks become nothing, typed ones never happen (Enter sends). */
const singleLine = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
  const flat = tr.newDoc.toString().replace(/[\r\n]+/g, '');
  return [tr, { changes: { from: 0, to: tr.newDoc.length, insert: flat }, sequential: true }];
});

/**
 * The URL field: CodeMirror on one line, with `{{variables}}` (unresolved ones marked) and
 * `{path}` parameters highlighted. Enter and Ctrl/Cmd+Enter send.
 */
export function UrlEditor({ value, onChange, onSubmit, onPaste, defined, describedBy, invalid }: UrlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const handlers = useRef({ onChange, onSubmit, onPaste });
  handlers.current = { onChange, onSubmit, onPaste };
  // What the editor is built with when it comes after the render (see below): the latest, not the first.
  const latest = useRef({ value, defined });
  latest.current = { value, defined };

  useEffect(() => {
    const attributes: Record<string, string> = { 'aria-label': 'URL', role: 'textbox', 'aria-multiline': 'false', spellcheck: 'false' };
    if (describedBy) attributes['aria-describedby'] = describedBy;
    let added = false;
    const addCommands = () =>
      loadCommands().then(
        (commands) => {
          if (added || view.current !== editor) return;
          added = true;
          editor.dispatch({ effects: commandsSlot.reconfigure(commands) });
        },
        () => undefined,
      );
    let editor!: EditorView;
    const build = () => {
      editor = new EditorView({
        parent: host.current!,
        state: EditorState.create({
          doc: latest.current.value,
          extensions: [
            Prec.highest(
              keymap.of([
                { key: 'Enter', run: () => (handlers.current.onSubmit(), true) },
                { key: 'Mod-Enter', run: () => true },
                { key: 'Mod-s', run: () => true },
              ]),
            ),
            commandsSlot.of([]),
            EditorView.domEventHandlers({
              focus: () => void addCommands(),
              paste: (event) => {
                const text = event.clipboardData?.getData('text/plain') ?? '';
                if (!handlers.current.onPaste?.(text)) return false;
                event.preventDefault();
                return true;
              },
            }),
            singleLine,
            definedField,
            tokenField,
            placeholder('https://api.example.com/users/{id}?q={{term}}'),
            EditorView.contentAttributes.of(attributes),
            EditorView.updateListener.of((update) => {
              if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external))) handlers.current.onChange(update.state.doc.toString());
            }),
          ],
        }),
      });
      view.current = editor;
      editor.dispatch({ effects: setDefined.of(latest.current.defined) });
    };
    // While the first screen's own field is still shown (index.html's #boot takes the typing and hands it over
    // when this editor appears), the editor is built in a task of its own: building it reads the page's layout,
    // which inside the first render's commit laid out the whole page in that one task.
    let pending: ReturnType<typeof setTimeout> | undefined;
    if (document.getElementById('boot')) pending = setTimeout(() => ((pending = undefined), build()), 0);
    else build();
    const cancelIdle = afterFirstScreen(() => void addCommands());
    return () => {
      cancelIdle();
      if (pending !== undefined) return clearTimeout(pending);
      if (view.current === editor) view.current = null;
      editor.destroy();
    };
    // Value and defined names sync below; the editor is built once per description id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value }, annotations: external.of(true) });
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setDefined.of(defined) });
  }, [defined]);

  return <div className={`url-editor${invalid ? ' url-editor-invalid' : ''}`} ref={host} />;
}
