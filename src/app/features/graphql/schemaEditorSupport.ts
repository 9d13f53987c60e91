/**
 * The query editor's schema-aware parts — completion, lint marks and hover — answered by the
 * schema worker (`SchemaHandle`), which holds the schema and runs graphql-language-service
 * there: the page never builds a GraphQLSchema, so a large schema costs it no long task. Each
 * question names the document it was asked for; an answer for an older document is dropped
 * (and so is one past its budget). Highlighting is cm6-graphql's language.
 */
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { linter, type Diagnostic } from '@codemirror/lint';
import type { Extension, Text } from '@codemirror/state';
import { hoverTooltip, type EditorView } from '@codemirror/view';
import { graphqlLanguage } from 'cm6-graphql';
import type { SchemaHandle } from './schemaWorkerClient';
import type { EditorPosition } from './schemaWorkerProtocol';

/** Completion waits at most this long; the person is typing. */
const COMPLETION_BUDGET_MS = 2000;
const AUTOCOMPLETE_CHARS = /^[a-zA-Z0-9_@(]$/;

export function positionOf(doc: Text, offset: number): EditorPosition {
  const line = doc.lineAt(offset);
  return { line: line.number - 1, character: offset - line.from };
}

export function offsetOf(doc: Text, at: EditorPosition): number {
  const line = doc.line(Math.max(1, Math.min(doc.lines, at.line + 1)));
  return Math.min(line.to, line.from + Math.max(0, at.character));
}

function infoElement(text: string): Node {
  const el = document.createElement('div');
  el.className = 'graphql-completion-info';
  el.textContent = text;
  return el;
}

/** Completion, lint and hover against `schema` (none without one). */
export function schemaEditorSupport(schema: SchemaHandle | undefined): Extension {
  if (!schema) return [];
  const complete = async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const word = ctx.matchBefore(/\w*/);
    if (!word) return null;
    const last = word.text.slice(-1);
    if (!AUTOCOMPLETE_CHARS.test(last) && !ctx.explicit) return null;
    const doc = ctx.state.doc;
    const items = await schema.ask({ kind: 'complete', doc: doc.toString(), at: positionOf(doc, ctx.pos) }, { budgetMs: COMPLETION_BUDGET_MS, isCurrent: () => !ctx.aborted });
    if (!items || items.length === 0 || ctx.aborted) return null;
    return {
      from: word.from,
      options: items.map((item) => ({
        label: item.label,
        detail: item.detail ?? '',
        ...(item.documentation || item.deprecated ? { info: () => infoElement(item.documentation || item.deprecated || '') } : {}),
      })),
    };
  };
  const lint = linter(async (view: EditorView): Promise<readonly Diagnostic[]> => {
    const doc = view.state.doc;
    const marks = await schema.ask({ kind: 'lint', doc: doc.toString() }, { isCurrent: () => view.state.doc === doc });
    if (!marks) return [];
    return marks.map((m) => {
      const from = Math.max(0, Math.min(offsetOf(doc, m.start), doc.length));
      const end = Math.min(Math.max(from + 1, offsetOf(doc, { line: m.end.line, character: m.end.character - 1 })), doc.length);
      return { from, to: from === end ? Math.min(end + 1, doc.length) : end, severity: m.severity, message: m.message };
    });
  });
  const hover = hoverTooltip(async (view, pos) => {
    const doc = view.state.doc;
    const text = await schema.ask({ kind: 'hover', doc: doc.toString(), at: positionOf(doc, pos) }, { isCurrent: () => view.state.doc === doc });
    if (!text) return null;
    return {
      pos,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'graphql-hover';
        dom.textContent = text;
        return { dom };
      },
    };
  });
  return [graphqlLanguage.data.of({ autocomplete: complete }), lint, hover];
}
