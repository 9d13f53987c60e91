/**
 * The problems of the query and variables: without a schema, checked here (parse, the
 * built-in scalars: cheap); with one, asked of the schema worker (validation against the
 * schema, every variable's type), so a large schema never costs the page a long task. An
 * answer for an older text is dropped; until the worker answers, the last list stays.
 */
import { useEffect, useMemo, useState } from 'react';
import { checkGraphQlRequest, type GraphQlProblem } from '../../../core/protocols/graphql/check';
import type { SchemaHandle } from './schemaWorkerClient';

export function useGraphQlProblems(query: string, variables: string, operationName: string, schema: SchemaHandle | undefined): GraphQlProblem[] {
  const local = useMemo(() => (query.trim() === '' || schema ? [] : checkGraphQlRequest(query, variables, operationName)), [query, variables, operationName, schema]);
  const [asked, setAsked] = useState<{ schema: SchemaHandle; problems: GraphQlProblem[] }>();
  useEffect(() => {
    if (!schema || query.trim() === '') return;
    let current = true;
    void schema.ask({ kind: 'check', query, variables, operationName }, { isCurrent: () => current }).then((problems) => {
      if (problems && current) setAsked({ schema, problems });
    });
    return () => {
      current = false;
    };
  }, [query, variables, operationName, schema]);
  if (!schema) return local;
  if (query.trim() === '') return [];
  return asked?.schema === schema ? asked.problems : [];
}
