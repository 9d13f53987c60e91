/** The words a command line splits into, and how it was split: shared by the POSIX and Windows cmd splitters. */

/** One word of the command and where it starts in the text. */
export interface ShellWord {
  text: string;
  offset: number;
}

/**
 * What a command reads as its standard input: a here-document (`<<EOF` … `EOF`, with
 * `<<-` stripping leading tabs), a here-string (`<<< word`, which the shell ends with a
 * line feed), a file (`< file`, which cannot be read here) or a pipe.
 */
export type ShellStdin =
  | { kind: 'here-doc'; text: string; delimiter: string; closed: boolean }
  | { kind: 'here-string'; text: string }
  | { kind: 'file'; file: string }
  /** The output of a program piped in (`printf '…' |`), when it can be known without running it. */
  | { kind: 'pipe'; program: string; text: string };

/** The words of the first command, and what was not read or not expanded. */
export interface ShellSplit {
  words: ShellWord[];
  /** The unquoted operator (`|`, `&&`, `;`, `(`…) or line break (`\n`) where the first command ends, if any. */
  stoppedAt?: { operator: string; offset: number };
  /** Where the command after this one starts (after its operator, line break or here-document), when something follows. */
  next?: number;
  /** The command's standard input, when redirected (the last redirection wins, as in a shell). */
  stdin?: ShellStdin;
  /** `$NAME`, `$(…)` or backquotes that a shell would expand, kept as written. */
  expansions: string[];
  /** Names of `$NAME` / `${NAME}` written as `options.variable` gives them, in order, once each. */
  variables?: string[];
}

/** How far to read. */
export interface ShellSplitOptions {
  /** Where the command starts in the text (offsets stay those of the whole text). */
  from?: number;
  /**
   * Whether a line starts a command of its own. Pasted commands often lose their `\`
   * continuations, so by default a line break is read as a blank; a line this accepts
   * (one starting with `curl`, say) ends the command before it instead.
   */
  startsCommand?: (line: string) => boolean;
  /**
   * What a shell variable `$NAME` or `${NAME}` becomes where the shell would expand it
   * (unquoted, in double quotes, in an unquoted here-document); without it they are kept
   * as written and listed in `expansions`. Single-quoted text is never expanded.
   */
  variable?: (name: string) => string;
}

/** Which shell's quoting to follow. */
export type ShellDialect = 'posix' | 'cmd';
