/**
 * Splitting a command copied for Windows cmd (browsers' "Copy as cURL (cmd)"): cmd's own
 * pass, then the C runtime's argument rules. `splitShellWords` chooses it.
 */
import type { Result } from '../types';
import { ok } from '../types';
import { lineAt, nextNonBlank, unterminated } from './shellText';
import type { ShellSplit, ShellSplitOptions, ShellWord } from './shellTypes';

/**
 * Splits Windows cmd text: first cmd's own pass (`^x` is a literal x, `^` before a line
 * break continues the line, `"` toggles cmd quoting in which `^` is literal), then the C
 * runtime's argument rules (`"` groups, `\"` is a literal quote, 2n backslashes before a
 * quote are n backslashes, `""` inside quotes is a quote).
 */
export function splitCmd(text: string, options: ShellSplitOptions): Result<ShellSplit> {
  let pass = '';
  const origin: number[] = [];
  let quoted = false;
  let stoppedAt: ShellSplit['stoppedAt'];
  let next: number | undefined;
  for (let i = options.from ?? 0; i < text.length; i++) {
    const c = text[i]!;
    if (!quoted && c === '^') {
      if (text[i + 1] === '\n') i++;
      else if (text[i + 1] === '\r' && text[i + 2] === '\n') i += 2;
      else if (i + 1 < text.length) {
        pass += text[i + 1]!;
        origin.push(i);
        i++;
      }
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (!quoted && '|&<>'.includes(c)) {
      stoppedAt = { operator: /^(\|\||&&|>>|[|&<>])/.exec(text.slice(i, i + 2))![0], offset: i };
      const after = i + stoppedAt.operator.length;
      if (nextNonBlank(text, after) !== undefined) next = after;
      break;
    }
    if (!quoted && c === '\n' && options.startsCommand) {
      const line = nextNonBlank(text, i + 1);
      if (line !== undefined && options.startsCommand(lineAt(text, line))) {
        stoppedAt = { operator: '\n', offset: text[i - 1] === '\r' ? i - 1 : i };
        next = line;
        break;
      }
      // Only blanks lie between (or follow): one separator stands for them, so a run of blank lines stays linear.
      pass += ' ';
      origin.push(i);
      i = (line ?? text.length) - 1;
      continue;
    }
    pass += c;
    origin.push(i);
  }
  const words: ShellWord[] = [];
  let word: string | null = null;
  let start = 0;
  let inQuote = false;
  let quoteStart = 0;
  for (let i = 0; i < pass.length; i++) {
    const c = pass[i]!;
    if (!inQuote && (c === ' ' || c === '\t' || c === '\n' || c === '\r')) {
      if (word !== null) words.push({ text: word, offset: start });
      word = null;
      continue;
    }
    if (word === null) {
      word = '';
      start = origin[i]!;
    }
    if (c === '\\') {
      let n = 0;
      while (pass[i + n] === '\\') n++;
      if (pass[i + n] === '"') {
        word += '\\'.repeat(Math.floor(n / 2));
        if (n % 2 === 1) {
          word += '"';
          i += n;
        } else {
          i += n - 1;
        }
      } else {
        word += '\\'.repeat(n);
        i += n - 1;
      }
    } else if (c === '"') {
      if (inQuote && pass[i + 1] === '"') {
        word += '"';
        i++;
      } else {
        inQuote = !inQuote;
        if (inQuote) quoteStart = origin[i]!;
      }
    } else {
      word += c;
    }
  }
  if (inQuote) return unterminated(text, quoteStart, 'double quote');
  if (word !== null) words.push({ text: word, offset: start });
  const split: ShellSplit = { words, expansions: [] };
  if (stoppedAt) split.stoppedAt = stoppedAt;
  if (next !== undefined) split.next = next;
  return ok(split);
}

