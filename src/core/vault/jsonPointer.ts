/**
 * JSON Pointer (RFC 6901), for mapping token responses whose field names differ from
 * RFC 6749's. Both the plain form (`/data/access_token`) and the URI fragment form
 * (`#/data/access_token`, percent-encoded) are accepted, as people paste either.
 */
import { fail, ok, positionAt, type Result } from '../types';

/**
 * Splits a pointer into its reference tokens, unescaping `~1` to `/` and `~0` to `~`.
 * The empty pointer (`""` or `"#"`) addresses the whole document and gives no tokens.
 * Fails with kind `json-pointer-syntax` and the position of the fault.
 */
export function parseJsonPointer(pointer: string): Result<string[]> {
  let text = pointer;
  let shift = 0;
  if (text.startsWith('#')) {
    try {
      text = decodeURIComponent(text.slice(1));
    } catch {
      return fail({
        kind: 'json-pointer-syntax',
        position: positionAt(pointer, 0),
        message: `The pointer "${pointer}" has a broken percent-escape in its URI fragment form.`,
      });
    }
    shift = 1;
  }
  if (text === '') return ok([]);
  if (!text.startsWith('/')) {
    return fail({
      kind: 'json-pointer-syntax',
      position: positionAt(pointer, shift),
      message: `A JSON pointer starts with "/" (RFC 6901 §3), e.g. "/access_token"; "${pointer}" does not.`,
    });
  }
  const bad = /~(?![01])/.exec(text);
  if (bad) {
    // Only exact in the plain form; the fragment form was decoded, so point at its start.
    const at = shift === 0 ? bad.index : 0;
    return fail({
      kind: 'json-pointer-syntax',
      position: positionAt(pointer, at),
      message: `"~" must be followed by 0 or 1 in a JSON pointer (RFC 6901 §3): write "~0" for "~" and "~1" for "/" (column ${at + 1}).`,
    });
  }
  return ok(
    text
      .slice(1)
      .split('/')
      .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~')),
  );
}

/**
 * The value `pointer` addresses in `document`, or a failure saying which step found
 * nothing (kind `json-pointer-missing`) or was malformed. Array indexes follow RFC 6901
 * §4: decimal without leading zeros; `-` (past the end) never resolves.
 */
export function resolveJsonPointer(document: unknown, pointer: string): Result<unknown> {
  const parsed = parseJsonPointer(pointer);
  if (!parsed.ok) return parsed;
  let current: unknown = document;
  const walked: string[] = [];
  for (const token of parsed.value) {
    const here = walked.length === 0 ? 'the document' : `"/${walked.join('/')}"`;
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= current.length) {
        return fail({
          kind: 'json-pointer-missing',
          message: `${here} is an array of ${current.length}, which has no element "${token}".`,
        });
      }
      current = current[Number(token)];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      const what = current === null ? 'null' : typeof current === 'object' ? 'an object' : `a ${typeof current}`;
      return fail({
        kind: 'json-pointer-missing',
        message: `${here} is ${what} without a member "${token}".`,
      });
    }
    walked.push(token.replace(/~/g, '~0').replace(/\//g, '~1'));
  }
  return ok(current);
}
