/**
 * CodeMirror's languages, loaded when an editor first shows JSON, XML or JavaScript: a JSON body never
 * fetches the XML grammar, and neither is part of the first screen. Editors start plain
 * and gain highlighting and folding when the grammar arrives (`languageSlot`).
 */
import { Compartment, type Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

export type CodeLanguage = 'json' | 'xml' | 'javascript' | 'text';

/** The extension for `language`, from its own chunk. */
export function loadLanguage(language: CodeLanguage): Promise<Extension> {
  if (language === 'json') return import('@codemirror/lang-json').then((m) => m.json());
  if (language === 'xml') return import('@codemirror/lang-xml').then((m) => m.xml());
  // Request scripts (issue 18): the grammar loads with the first Scripts editor.
  if (language === 'javascript') return import('@codemirror/lang-javascript').then((m) => m.javascript());
  return Promise.resolve([]);
}

/**
 * A place for the language in an editor's extensions, empty at first; `fill(view)` loads
 * the language and puts it in, unless the view was destroyed meanwhile. A grammar that
 * fails to load leaves the text plain (still editable), and says so in the console.
 */
export function languageSlot(language: CodeLanguage): { extension: Extension; fill(view: EditorView): void } {
  const slot = new Compartment();
  return {
    extension: slot.of([]),
    fill(view) {
      if (language === 'text') return;
      loadLanguage(language).then(
        (extension) => {
          // A destroyed view has no parent node left; dispatching to it would throw.
          if (view.dom.isConnected) view.dispatch({ effects: slot.reconfigure(extension) });
        },
        (err: unknown) => console.warn(`The ${language} grammar could not be loaded; the text stays plain.`, err),
      );
    },
  };
}
