/**
 * Turning zod's validation issues into sentences that say where the problem is in the
 * terms a file uses (`item[3].request.url`), so an import or a set-aside record names the
 * exact field to look at. A union's issue is followed into the branch that got furthest,
 * because "Invalid input" at the union says nothing useful.
 */
import type { z } from 'zod';

/** One validation problem: the path in the document and what is wrong there. */
export interface SchemaProblem {
  /** `item[3].request.url`, or `(root)` for the whole file. */
  path: string;
  message: string;
}

type Issue = z.core.$ZodIssue;

/** Writes a zod path the way the document would be addressed in JavaScript. */
export function schemaPathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(root)' : out;
}

function depthOf(issues: readonly Issue[]): number {
  return Math.max(0, ...issues.map((issue) => issue.path.length + (issue.code === 'invalid_union' ? 1 + depthOf(issue.errors.flat()) : 0)));
}

function received(message: string): string {
  const match = /received (.+)$/.exec(message);
  return match ? match[1]! : 'something else';
}

function flatten(issue: Issue, prefix: readonly PropertyKey[]): SchemaProblem[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branches = issue.errors;
    const allRootTypes = branches.every((b) => b.length === 1 && b[0]!.code === 'invalid_type' && b[0]!.path.length === 0);
    if (allRootTypes) {
      const expected = branches.map((b) => (b[0] as { expected?: string }).expected ?? 'value');
      return [{ path: schemaPathText(path), message: `expected ${[...new Set(expected)].join(' or ')}, received ${received(branches[0]![0]!.message)}` }];
    }
    const furthest = [...branches].sort((a, b) => depthOf(b) - depthOf(a))[0]!;
    return furthest.flatMap((inner) => flatten(inner, path));
  }
  let message = issue.message.replace(/^Invalid input: /, '');
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) message = `is required (${message.replace(/, received undefined$/, '')})`;
  return [{ path: schemaPathText(path), message }];
}

/** The problems of a failed zod parse, first in document order, each with its path. */
export function schemaProblems(error: z.ZodError): SchemaProblem[] {
  return error.issues.flatMap((issue) => flatten(issue, []));
}

/** One line for a message: `item[3].request.url: expected string or object, received number`. */
export function formatSchemaProblem(problem: SchemaProblem): string {
  return `${problem.path}: ${problem.message}`;
}
