/**
 * One look for every CodeMirror editor, in both themes: colours are the app's CSS
 * variables, so switching the theme restyles open editors without rebuilding them.
 * Placed before `basicSetup`, whose default highlighting then applies only as a fallback.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.bool, t.null, t.atom], color: 'var(--cm-keyword)' },
  { tag: [t.string, t.special(t.string)], color: 'var(--cm-string)' },
  { tag: [t.number, t.integer, t.float], color: 'var(--cm-number)' },
  { tag: [t.propertyName, t.attributeName], color: 'var(--cm-property)' },
  { tag: [t.tagName, t.typeName, t.className], color: 'var(--cm-tag)' },
  { tag: [t.comment, t.meta, t.processingInstruction, t.documentMeta], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [t.invalid], color: 'var(--error)' },
  { tag: [t.punctuation, t.bracket, t.angleBracket, t.separator], color: 'var(--cm-punctuation)' },
]);

const look = EditorView.theme({
  '&': { color: 'var(--text)', backgroundColor: 'var(--input-bg)' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '.cm-gutters': { backgroundColor: 'var(--subtle)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)', color: 'var(--text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: 'var(--cm-selection) !important' },
  '.cm-searchMatch': { backgroundColor: 'var(--mark)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--mark-current)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--subtle)', color: 'var(--muted)', border: '1px solid var(--border)' },
  '.cm-tooltip, .cm-panels': { backgroundColor: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--selected)', color: 'var(--text)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--cm-bracket)', outline: '1px solid var(--border)' },
});

/** An explicit tab stop on the content, so assistive tools see the scroll region's focusable content (axe scrollable-region-focusable). */
const focusable = EditorView.contentAttributes.of({ tabindex: '0' });

export const editorTheme = [syntaxHighlighting(highlight), look, focusable];
