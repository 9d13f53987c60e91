/**
 * The operations of a GraphQL document, found by a small scanner (no parser: the composer
 * and the wire builder need only each top-level operation's type and name, and must not
 * pull the `graphql` package into the first screen). Comments, strings and block strings
 * are skipped; braces are counted so only top-level definitions are read. A document that
 * does not parse is the validator's to explain (`check.ts`), with its line and column.
 */

export type GraphQlOperationType = 'query' | 'mutation' | 'subscription';

export interface GraphQlOperationInfo {
  type: GraphQlOperationType;
  /** Absent for an anonymous operation. */
  name?: string;
  /** Offset of the definition's first character in the doc. */
  offset: number;
}

const NAME = /[_A-Za-z][_0-9A-Za-z]*/y;

/** The top-level operations of `doc`, in order (fragments left out). */
export function graphQlOperations(doc: string): GraphQlOperationInfo[] {
  const out: GraphQlOperationInfo[] = [];
  let depth = 0;
  // An operation or fragment keyword was read: the next top-level `{` is its selection set.
  let owned = false;
  let i = 0;
  const n = doc.length;
  while (i < n) {
    const c = doc[i]!;
    if (c === '#') {
      while (i < n && doc[i] !== '\n' && doc[i] !== '\r') i++;
      continue;
    }
    if (c === '"') {
      if (doc.startsWith('"""', i)) {
        const end = doc.indexOf('"""', i + 3);
        i = end < 0 ? n : end + 3;
        // Escaped triple quotes (\""") inside a block string.
        while (end >= 0 && doc[end - 1] === '\\' && i < n) {
          const next = doc.indexOf('"""', i);
          i = next < 0 ? n : next + 3;
          if (next < 0 || doc[next - 1] !== '\\') break;
        }
        continue;
      }
      i++;
      while (i < n && doc[i] !== '"' && doc[i] !== '\n') i += doc[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') {
      if (depth === 0 && c === '{') {
        if (!owned) out.push({ type: 'query', offset: i });
        owned = false;
      }
      depth++;
      i++;
      continue;
    }
    if (c === '}' || c === ')' || c === ']') {
      depth = Math.max(0, depth - 1);
      i++;
      continue;
    }
    NAME.lastIndex = i;
    const word = NAME.exec(doc);
    if (word) {
      if (depth === 0 && (word[0] === 'query' || word[0] === 'mutation' || word[0] === 'subscription')) {
        const start = i;
        let j = i + word[0].length;
        while (j < n && /[\s,]/.test(doc[j]!)) j++;
        NAME.lastIndex = j;
        const name = NAME.exec(doc);
        out.push({ type: word[0], offset: start, ...(name ? { name: name[0] } : {}) });
        owned = true;
        i = name ? j + name[0].length : j;
        continue;
      }
      if (depth === 0 && word[0] === 'fragment') owned = true;
      i += word[0].length;
      continue;
    }
    i++;
  }
  return out;
}

/** The outcome of choosing the operation to run. */
export type GraphQlOperationChoice = { ok: true; operation?: GraphQlOperationInfo } | { ok: false; message: string };

/**
 * The operation `operationName` picks in `document` (GraphQL spec §6.1 GetOperation): the
 * named one, or the only one when no name is given. An empty document picks none.
 */
export function chooseGraphQlOperation(doc: string, operationName: string): GraphQlOperationChoice {
  const operations = graphQlOperations(doc);
  const wanted = operationName.trim();
  if (wanted !== '') {
    const found = operations.find((op) => op.name === wanted);
    if (found) return { ok: true, operation: found };
    const names = operations.map((op) => op.name).filter((name): name is string => name !== undefined);
    return { ok: false, message: `The operation name "${wanted}" names no operation of the query${names.length > 0 ? `; it has ${names.map((x) => `"${x}"`).join(', ')}` : ''}.` };
  }
  if (operations.length > 1) {
    const names = operations.map((op) => op.name ?? '(anonymous)');
    return { ok: false, message: `The query holds ${operations.length} operations (${names.join(', ')}): type the operation name of the one to run.` };
  }
  return { ok: true, ...(operations[0] ? { operation: operations[0] } : {}) };
}
