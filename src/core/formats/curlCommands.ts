/**
 * A pasted text or file cut into the commands it holds, as the shell would run them: one
 * per line (continuations with `\` or `^` stay in their command; so do lines that start
 * with an option or a URL, since copies often lose the backslashes), and after `;`, `&&`,
 * `||` or `&`. `printf … | curl` keeps the curl side; a here-document stays with its
 * command. Other programs on lines of their own are kept, marked, so an import can say
 * it left them out.
 */
import type { CoreError, Result } from '../types';
import { pipedStdin } from './shellOutput';
import { detectShellDialect, splitShellWords, type ShellSplit, type ShellStdin } from './shellWords';
import { shellVariableReference } from './curlVariables';

/** One command found in the text. */
export interface CurlCommandSource {
  /** Where the command starts in the text, and its line (1-based). */
  offset: number;
  line: number;
  /** Its words and stdin, or why it could not be split (a quote never closed). */
  split: Result<ShellSplit>;
  /** Programs piped into it (`printf … |`), whose output it would read. */
  piped: string[];
  /** What the last of them writes, when that can be known (printf, echo, cat of a file). */
  pipedStdin?: ShellStdin;
  /** Whether another cURL command follows its operator (`;`, `&&`, a line of its own). */
  followedByCurl: boolean;
  /** Whether it runs curl (or could not be split); other commands are kept only when first or on a line of their own (`export TOKEN=…`, `echo`). */
  isCurl: boolean;
}

/** `curl`, `curl.exe` or a path to either. */
export function isCurlWord(word: string): boolean {
  return /^(.*[\\/])?curl(\.exe)?$/i.test(word);
}

/**
 * Whether a line starts a command of its own rather than continuing the one above whose
 * `\` was lost in copying: it does unless it starts with an option (`-H …`), a URL or a
 * comment.
 */
function startsOwnCommand(line: string): boolean {
  return !/^\s*(-|#|['"]?([A-Za-z][A-Za-z0-9+.-]*:\/\/|\{\{))/.test(line);
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
  // `$TOKEN` where the shell would expand it becomes the Wirebench variable `{{TOKEN}}`.
  const options = (from: number) => ({ from, startsCommand: startsOwnCommand, variable: shellVariableReference });
  const commands: CurlCommandSource[] = [];
  let from: number | undefined = skipPrompt(text, 0);
  let first = true;
  let previousWasCurl = false;
  let atLineStart = true;
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
    let stdin: ShellStdin | undefined;
    // `printf … | curl … --data-binary @-` (what toCurl writes for bodies with NUL bytes): the curl side is the command.
    while (split.ok && split.value.stoppedAt?.operator === '|' && split.value.next !== undefined && split.value.words[0] && !isCurlWord(split.value.words[0].text)) {
      piped.push(split.value.words[0].text);
      stdin = pipedStdin(split.value.words.map((w) => w.text));
      split = splitShellWords(text, dialect, options(split.value.next));
    }
    const words = split.ok ? split.value.words : [];
    if (split.ok && words.length === 0 && split.value.next !== undefined) {
      // Only blanks before the next command's line (after `&` and a line break, say): not a command of its own.
      from = skipPrompt(text, split.value.next);
      continue;
    }
    const program = words[0]?.text === 'sudo' ? words[1] : words[0];
    const isCurl = !split.ok || (program !== undefined && isCurlWord(program.text));
    if (isCurl || first || atLineStart) {
      if (isCurl && previousWasCurl) commands[commands.length - 1]!.followedByCurl = true;
      const source: CurlCommandSource = { offset, line: lineOf(offset), split, piped, followedByCurl: false, isCurl };
      if (stdin) source.pipedStdin = stdin;
      commands.push(source);
    }
    previousWasCurl = isCurl;
    atLineStart = split.ok && split.value.stoppedAt?.operator === '\n';
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
