/**
 * A GraphQL document and its variables checked with the `graphql` reference implementation
 * (loaded only where this file is imported: the GraphQL editor, its worker, the CLI):
 * a document that does not parse (its line and column), one that does not validate
 * against the schema (each error with its locations), and variables that do not fit the
 * operation's variable types (each naming the variable). Without a schema only the
 * built-in scalars (Int, Float, String, Boolean, ID) and non-null are checked.
 */
import { GraphQLBoolean, GraphQLError, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, Kind, parse, validate, type DocumentNode, type OperationDefinitionNode, type TypeNode } from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { parseJson } from '../../encoding/json';

/** One problem, with where it is (1-based line and column in the query or the variables). */
export interface GraphQlProblem {
  message: string;
  /** `query` or `variables`: which text the position is in. */
  where: 'query' | 'variables';
  line?: number;
  column?: number;
}

export type GraphQlParse = { ok: true; doc: DocumentNode } | { ok: false; problem: GraphQlProblem };

function located(error: GraphQLError, where: 'query' | 'variables' = 'query'): GraphQlProblem {
  const at = error.locations?.[0];
  return { message: error.message, where, ...(at ? { line: at.line, column: at.column } : {}) };
}

/** Parses `query`; a syntax error says what and at which line and column. */
export function parseGraphQl(query: string): GraphQlParse {
  try {
    return { ok: true, doc: parse(query) };
  } catch (error) {
    if (error instanceof GraphQLError) {
      const problem = located(error);
      return { ok: false, problem: { ...problem, message: `The query does not parse${problem.line !== undefined ? ` at line ${problem.line}, column ${problem.column}` : ''}: ${error.message.replace(/^Syntax Error: /, '')}` } };
    }
    return { ok: false, problem: { message: `The query does not parse: ${String(error)}`, where: 'query' } };
  }
}

/** The doc's validation errors against `schema` (GraphQL spec §5), each with its location. */
export function validateGraphQl(schema: GraphQLSchema, doc: DocumentNode): GraphQlProblem[] {
  return validate(schema, doc).map((e) => located(e));
}

/** The operation `operationName` selects (GetOperation, GraphQL spec §6.1), or why none is. */
export function operationOf(doc: DocumentNode, operationName: string): OperationDefinitionNode | string {
  const operations = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const name = operationName.trim();
  if (name !== '') return operations.find((o) => o.name?.value === name) ?? `The operation name "${name}" names no operation of the query.`;
  if (operations.length === 1) return operations[0]!;
  return operations.length === 0 ? 'The query holds no operation (only fragments).' : `The query holds ${operations.length} operations: type the operation name of the one to run.`;
}

const BUILT_IN = new Set(['Int', 'Float', 'String', 'Boolean', 'ID']);
function namedType(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type);
}

let bare: GraphQLSchema | undefined;
/** A schema holding only the built-in scalars, for checking variables when none is loaded. */
function builtInSchema(): GraphQLSchema {
  bare ??= new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { s: { type: GraphQLString }, i: { type: GraphQLInt }, f: { type: GraphQLFloat }, b: { type: GraphQLBoolean }, id: { type: GraphQLID } } }) });
  return bare;
}

/**
 * The variables (JSON text) checked against the operation's variable definitions: JSON
 * syntax (line and column), an object, then each variable coerced to its type — a missing
 * required one, a wrong type, an unknown input field — each message naming the variable
 * (`Variable "$id" got invalid value "x"; …`). Without `schema`, variables of custom types are not checked.
 */
export function checkGraphQlVariables(doc: DocumentNode, operationName: string, variablesText: string, schema?: GraphQLSchema): GraphQlProblem[] {
  const operation = operationOf(doc, operationName);
  if (typeof operation === 'string') return [{ message: operation, where: 'query' }];
  let inputs: Record<string, unknown> = {};
  if (variablesText.trim() !== '') {
    const parsed = parseJson(variablesText);
    if (!parsed.ok) return [{ message: `The variables are not valid JSON: ${parsed.error.message}.`, where: 'variables', ...(parsed.error.position ? { line: parsed.error.position.line, column: parsed.error.position.column } : {}) }];
    if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) return [{ message: 'The variables must be a JSON object such as {"id": 1}.', where: 'variables' }];
    inputs = parsed.value as Record<string, unknown>;
  }
  const definitions = (operation.variableDefinitions ?? []).filter((d) => schema !== undefined || BUILT_IN.has(namedType(d.type)));
  const declared = new Set((operation.variableDefinitions ?? []).map((d) => d.variable.name.value));
  const problems: GraphQlProblem[] = [];
  for (const name of Object.keys(inputs)) {
    if (!declared.has(name)) problems.push({ message: `The variable "$${name}" is given but the operation${operation.name ? ` ${operation.name.value}` : ''} does not declare it; the server ignores it.`, where: 'variables' });
  }
  const result = getVariableValues(schema ?? builtInSchema(), definitions, inputs, { maxErrors: 20 });
  if ('errors' in result && result.errors) problems.unshift(...result.errors.map((e) => ({ message: e.message, where: 'variables' as const })));
  return problems;
}

/** Every problem of a request's query and variables: parse, validation (with a schema), variables. */
export function checkGraphQlRequest(query: string, variablesText: string, operationName: string, schema?: GraphQLSchema): GraphQlProblem[] {
  const parsed = parseGraphQl(query);
  if (!parsed.ok) return [parsed.problem];
  const invalid = schema ? validateGraphQl(schema, parsed.doc) : [];
  return [...invalid, ...checkGraphQlVariables(parsed.doc, operationName, variablesText, schema)];
}
