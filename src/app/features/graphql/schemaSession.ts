/**
 * The schema worker's state and answers: one loaded schema (introspection JSON or SDL) kept
 * for the life of the worker. Loading returns only the explorer's index; a type's detail is
 * read from the parsed answer when asked; the whole explorer model (for search) and the
 * GraphQLSchema (for the editor's completion, lint, hover and the problems list, with
 * graphql-language-service) are built on first need — or right after loading, while the
 * person reads the explorer — never on the page's thread. Plain functions: the worker entry
 * and the tests (Node) drive it alike.
 */
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { getAutocompleteSuggestions, getDiagnostics, getHoverInformation, Position } from 'graphql-language-service';
import { checkGraphQlRequest } from '../../../core/protocols/graphql/check';
import { explorerIndexFromIntrospection, explorerIndexOf, explorerModel, explorerModelFromIntrospection, explorerTypeOfIntrospected, schemaFromSdl, searchExplorer, type ExplorerModel } from '../../../core/protocols/graphql/schemaModel';
import type { CompletionEntry, LintMark, SchemaQuestion, SchemaReplies, SchemaWorkerAnswer, SchemaWorkerRequest } from './schemaWorkerProtocol';

const SEVERITY = ['error', 'warning', 'info'] as const;

/** A language-service text: plain, or markup `{ value }`. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' && value !== null && 'value' in value ? String((value as { value: unknown }).value) : String(value);
}

export class SchemaSession {
  private parsed: unknown;
  private raw: Map<string, unknown> | undefined;
  private model: ExplorerModel | undefined;
  private schema: GraphQLSchema | undefined;

  /** Reads `text`; answers with the explorer's index or a clear error. */
  load(request: Extract<SchemaWorkerRequest, { kind: 'load' }>): SchemaWorkerAnswer {
    const started = performance.now();
    const text = typeof request.text === 'string' ? request.text : new TextDecoder().decode(request.text);
    if (request.source === 'sdl') {
      const built = schemaFromSdl(text);
      if (!built.ok) return { id: request.id, ok: false, message: built.error.message };
      this.schema = built.value;
      this.model = explorerModel(built.value);
      const index = explorerIndexOf(this.model);
      return { id: request.id, ok: true, kind: 'load', index, typeCount: index.names.length, ms: Math.round(performance.now() - started) };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { id: request.id, ok: false, message: `The introspection answer is not JSON: ${error instanceof Error ? error.message : String(error)}` };
    }
    const read = explorerIndexFromIntrospection(value);
    if (!read.ok) return { id: request.id, ok: false, message: read.error.message };
    this.parsed = value;
    this.raw = read.value.raw;
    const index = read.value.index;
    return { id: request.id, ok: true, kind: 'load', index, typeCount: index.names.length, ms: Math.round(performance.now() - started) };
  }

  /** Builds what questions need (the GraphQLSchema, the full model) ahead of them. */
  prepare(): void {
    this.graphQlSchema();
  }

  answer<K extends SchemaQuestion['kind']>(question: Extract<SchemaQuestion, { kind: K }>): SchemaReplies[K];
  answer(question: SchemaQuestion): SchemaReplies[keyof SchemaReplies] {
    switch (question.kind) {
      case 'type':
        if (this.raw) return explorerTypeOfIntrospected(this.raw.get(question.name));
        return this.model?.types.find((t) => t.name === question.name);
      case 'search': {
        const model = this.fullModel();
        return model ? searchExplorer(model, question.term, question.limit) : [];
      }
      case 'complete': {
        const schema = this.graphQlSchema();
        if (!schema) return [];
        return getAutocompleteSuggestions(schema, question.doc, new Position(question.at.line, question.at.character)).map(
          (item): CompletionEntry => ({
            label: item.label,
            ...(item.detail ? { detail: String(item.detail) } : {}),
            ...(item.documentation ? { documentation: textOf(item.documentation) } : {}),
            ...(item.isDeprecated && item.deprecationReason ? { deprecated: item.deprecationReason } : {}),
          }),
        );
      }
      case 'lint': {
        const schema = this.graphQlSchema();
        if (!schema) return [];
        const marks: LintMark[] = [];
        for (const d of getDiagnostics(question.doc, schema)) {
          if (!d.severity || !d.source) continue;
          marks.push({ start: { line: d.range.start.line, character: d.range.start.character }, end: { line: d.range.end.line, character: d.range.end.character }, severity: SEVERITY[d.severity - 1] ?? 'error', message: textOf(d.message) });
        }
        return marks;
      }
      case 'hover': {
        const schema = this.graphQlSchema();
        if (!schema) return '';
        const info = getHoverInformation(schema, question.doc, new Position(question.at.line, question.at.character));
        if (typeof info === 'string') return info;
        if (Array.isArray(info)) return info.map((part) => (typeof part === 'string' ? part : part.value)).join('\n\n');
        return info.value;
      }
      case 'check':
        return checkGraphQlRequest(question.query, question.variables, question.operationName, this.graphQlSchema());
    }
  }

  /** Answers one request of the protocol. */
  handle(request: SchemaWorkerRequest): SchemaWorkerAnswer {
    try {
      if (request.kind === 'load') return this.load(request);
      return { id: request.id, ok: true, kind: 'reply', value: this.answer(request as never) };
    } catch (error) {
      return { id: request.id, ok: false, message: `The schema worker could not answer: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  private fullModel(): ExplorerModel | undefined {
    if (!this.model && this.parsed !== undefined) {
      const read = explorerModelFromIntrospection(this.parsed);
      if (read.ok) this.model = read.value;
    }
    return this.model;
  }

  private graphQlSchema(): GraphQLSchema | undefined {
    if (!this.schema && this.parsed !== undefined) {
      const root = this.parsed as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>;
      try {
        // Assumed valid: the server's own schema; validating 5,000 types would cost seconds for nothing the person can change.
        this.schema = buildClientSchema((root.data ?? root) as IntrospectionQuery, { assumeValid: true });
      } catch {
        this.schema = undefined;
      }
    }
    return this.schema;
  }
}
