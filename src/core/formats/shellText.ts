/** Small readers of command text shared by the POSIX and Windows cmd splitters. */
import { fail, positionAt } from '../types';

/** The failure for a quote opened at `offset` and never closed, with its line and column. */
export function unterminated(text: string, offset: number, what: string) {
  const at = positionAt(text, offset);
  return fail({ kind: 'unterminated-quote', position: at, message: `The ${what} opened at line ${at.line}, column ${at.column} is never closed.` });
}

const NON_BLANK = /\S/g;

/** The first character at or after `from` that is not blank (line breaks included), if any. */
export function nextNonBlank(text: string, from: number): number | undefined {
  NON_BLANK.lastIndex = from;
  return NON_BLANK.exec(text)?.index;
}

/** The line of text that starts at `from`. */
export function lineAt(text: string, from: number): string {
  const eol = text.indexOf('\n', from);
  return text.slice(from, eol < 0 ? text.length : eol);
}
