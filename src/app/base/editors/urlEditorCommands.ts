/**
 * What the URL field adds once the page is idle or the field is first focused (issue 14):
 * undo history and CodeMirror's standard key bindings. @codemirror/commands brings
 * @codemirror/language and the Lezer runtime with it, about 20 KB compressed that the first
 * screen does not need; this module is the chunk the URL field loads for them (a named one,
 * so a test can hold it back).
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import type { Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';

/** History first, then its keys and the default ones, as the field had them on the first screen before. */
export const urlEditorCommands: Extension = [history(), keymap.of([...historyKeymap, ...defaultKeymap])];
