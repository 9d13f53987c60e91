/**
 * The first screen's URL field (index.html's `#boot-url`), handed over to the app. The
 * shell in index.html paints and takes typing before the app's scripts arrive; the app
 * renders, unseen, into `#root` beside it. Once the app's first render has run its effects
 * (so the composer's URL editor exists), `handOverBootShell` gives that editor what the
 * person typed, the caret and the focus, and removes the shell — all in one task, so no
 * keystroke falls between the two fields. A tab without a URL editor (a WebSocket or MCP
 * tab, say) just gets the app shown.
 */
import { EditorView } from '@codemirror/view';

interface BootState {
  /** The person typed into the first screen's field. */
  edited: boolean;
}

let done = false;

/** The app's URL editor, once it is in the page. */
function appUrlEditor(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#root [aria-label="URL"][contenteditable="true"]');
}

/**
 * Hands the first screen over to the app, once. `expectsUrlEditor` false (the active tab is
 * a WebSocket, gRPC or MCP request, which has no URL editor) hands over at once; otherwise
 * the hand-over waits for the editor: it may come in a later chunk than the first render.
 * A MutationObserver's callback runs in the same task as the insertion, so no keystroke can
 * land between the shell's field and the editor. If no editor comes (a pane that failed),
 * the app is shown after a while anyway, rather than never.
 */
export function handOverBootShell(expectsUrlEditor = true): void {
  if (done) return;
  done = true;
  if (!document.getElementById('boot')) return;
  const editor = appUrlEditor();
  if (editor || !expectsUrlEditor) return takeOver(editor);
  const root = document.getElementById('root') ?? document.body;
  const observer = new MutationObserver(() => {
    const found = appUrlEditor();
    if (found) finish(found);
  });
  const fallback = setTimeout(() => finish(appUrlEditor()), 5000);
  function finish(found: HTMLElement | null) {
    observer.disconnect();
    clearTimeout(fallback);
    takeOver(found);
  }
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable', 'aria-label'] });
}

/** Where `node`/`offset` falls in `field`'s text; `fallback` when it is not inside the field. */
function textOffset(field: HTMLElement, node: Node | null, offset: number, fallback: number): number {
  if (!node || !field.contains(node)) return fallback;
  const range = document.createRange();
  range.setStart(field, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The first screen's field (a one-line editable span): its text and caret. */
function shellField(field: HTMLElement): { text: string; anchor: number; head: number } {
  const text = field.textContent ?? '';
  const selection = window.getSelection();
  const anchor = textOffset(field, selection?.anchorNode ?? null, selection?.anchorOffset ?? 0, text.length);
  const head = textOffset(field, selection?.focusNode ?? null, selection?.focusOffset ?? 0, text.length);
  return { text, anchor: Math.min(anchor, text.length), head: Math.min(head, text.length) };
}

function takeOver(editor: HTMLElement | null): void {
  const shell = document.getElementById('boot');
  if (!shell) return;
  const field = document.getElementById('boot-url');
  const focused = field !== null && document.activeElement === field;
  const edited = (window as { __wirebenchBoot?: BootState }).__wirebenchBoot?.edited === true;
  const view = editor ? EditorView.findFromDOM(editor) : null;
  // Read before the shell goes: its selection goes with it.
  const typed = field ? shellField(field) : null;
  shell.remove();
  if (!view || !typed) return;
  const { text, anchor, head } = typed;
  const length = text.length;
  if (edited) {
    // As if typed into the editor: its listener hands the text to the draft like any edit.
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor, head }, userEvent: 'input.type' });
  }
  if (focused) {
    view.focus();
    if (!edited && view.state.doc.length === length) view.dispatch({ selection: { anchor, head } });
    keepFocusThroughRebuild(view);
  }
}

/**
 * The panes may be rebuilt once more while the app settles (a layout choice read after the
 * first render): if the focused editor goes and a new one comes, the focus follows it, with
 * the caret at the end, instead of falling to the page.
 */
function keepFocusThroughRebuild(first: EditorView): void {
  const root = document.getElementById('root');
  if (!root) return;
  const observer = new MutationObserver(() => {
    if (first.dom.isConnected) return;
    const next = appUrlEditor();
    const view = next ? EditorView.findFromDOM(next) : null;
    if (!view) return;
    observer.disconnect();
    if (document.activeElement === document.body || document.activeElement === null) {
      view.focus();
      view.dispatch({ selection: { anchor: view.state.doc.length } });
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 2000);
}
