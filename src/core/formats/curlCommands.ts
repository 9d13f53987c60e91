/**
 * A pasted text or file cut into the cURL commands it holds, as the shell would run
 * them: one per line that starts with `curl` (continuations with `\` or `^` stay in their
 * command, lines without them that do not start a new `curl` are read as part of the one
 * before, since copies often lose the backslashes), and after `;`, `&&`, `||` or `&`.
 * `printf … | curl` keeps the curl side; a here-document stays with its command.
 */
import type { CoreError, Result } from '../types';
import { detectShellDialect, splitShellWords, type ShellSplit } from './shellWords';

/** One command found in the text. */
export interface CurlCommandSource {
  /** Where the command starts in the text, and its line (1-based). */
  offset: number;
  line: number;
  /** Its words and stdin, or why it could not be split (a quote never closed). */
  split: Result<ShellSplit>;
  /** Programs piped into it (`printf … |`), whose output it would read. */
  piped: string[];
  /** Whether another cURL command follows its operator (`;`, `&&`, a line of its own). */
  followedByCurl: boolean;
}

/** `curl`, `curl.exe` or a path to either. */
export function isCurlWord(word: string): boolean {
  return /^(.*[\\/])?curl(\.exe)?$/i.test(word);
}

/** Whether a line starts a cURL command: `curl …`, after an optional `$ ` prompt or `sudo`. */
export function startsCurlCommand(line: string): boolean {
  return /^\s*(?:[$%>]\s+)?(?:sudo\s+)?(?:\S*[\\/])?curl(?:\.exe)?(?:\s|$)/i.test(line);
}

const PROMPT = /[$%>][ \t]+/y;

function skipPrompt(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  PROMPT.lastIndex = at;
  return PROMPT.exec(text) ? PROMPT.lastIndex : from;
}

/**
 * The commands of `text`, in order. Commands that are not curl (`| jq .` after a curl)
 * are left out; the curl command before them says, through `followedByCurl`, that what
 * followed it was not read. A quote never closed ends the search: the rest of the text
 * is inside it.
 */
export function splitCurlCommands(text: string): CurlCommandSource[] {
  const dialect = detectShellDialect(text);
  const options = (from: number) => ({ from, startsCommand: startsCurlCommand });
  const commands: CurlCommandSource[] = [];
  let from: number | undefined = skipPrompt(text, 0);
  let first = true;
  let previousWasCurl = false;
  // Lines are counted as the search moves on, so a file of many commands is read in one pass.
  let line = 1;
  let counted = 0;
  const lineOf = (offset: number): number => {
    for (; counted < offset; counted++) if (text[counted] === '\n') line++;
    return line;
  };
  while (from !== undefined && from < text.length) {
    const offset = from;
    let split = splitShellWords(text, dialect, options(from));
    const piped: string[] = [];
    // `printf … | curl … --data-binary @-` (what toCurl writes for bodies with NUL bytes): the curl side is the command.
    while (split.ok && split.value.stoppedAt?.operator === '|' && split.value.next !== undefined && split.value.words[0] && !isCurlWord(split.value.words[0].text)) {
      piped.push(split.value.words[0].text);
      split = splitShellWords(text, dialect, options(split.value.next));
    }
    const words = split.ok ? split.value.words : [];
    if (split.ok && words.length === 0 && split.value.next !== undefined) {
      // Only blanks before the next command's line (after `&` and a line break, say): not a command of its own.
      from = skipPrompt(text, split.value.next);
      continue;
    }
    const program = words[0]?.text === 'sudo' ? words[1] : words[0];
    const isCommand = !split.ok || first || (program !== undefined && isCurlWord(program.text));
    if (isCommand) {
      if (previousWasCurl) commands[commands.length - 1]!.followedByCurl = true;
      commands.push({ offset, line: lineOf(offset), split, piped, followedByCurl: false });
    }
    previousWasCurl = isCommand;
    first = false;
    if (!split.ok) break;
    from = split.value.next === undefined ? undefined : skipPrompt(text, split.value.next);
  }
  return commands;
}

/** The error of a command that could not be split, worded for a cURL paste. */
export function unterminatedQuote(error: CoreError): CoreError {
  return { ...error, kind: 'curl-unterminated-quote', message: `${error.message} The command may have been cut off when copied.` };
}
