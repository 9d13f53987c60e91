/**
 * Splitting a pasted command line into words the way the shell it was copied for would:
 * POSIX shells (single quotes, double quotes with their four escapes, `$'…'` ANSI-C
 * strings, backslash-newline continuations, comments) or Windows cmd (`^` escapes and
 * continuations, then the C runtime's double-quote and backslash rules, as browsers'
 * "Copy as cURL (cmd)" writes). Nothing is expanded or run; expansions are reported.
 */
import type { Result } from '../types';
import { ok } from '../types';
import { lineAt, nextNonBlank, unterminated } from './shellText';
import { splitCmd } from './shellWordsCmd';
import type { ShellWord, ShellStdin, ShellSplit, ShellSplitOptions, ShellDialect } from './shellTypes';
export type { ShellWord, ShellStdin, ShellSplit, ShellSplitOptions, ShellDialect } from './shellTypes';

const OPERATOR_CHARS = '|&;<>()';

/** Guesses the dialect: `^` continuations or `^"` quotes mean a Windows cmd copy. */
export function detectShellDialect(text: string): ShellDialect {
  return /\^\r?\n/.test(text) || /\^"/.test(text) ? 'cmd' : 'posix';
}

const ANSI_SIMPLE: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/**
 * Reads a `$'…'` body starting after the opening quote; returns the text and the index
 * after the closing quote. `\xHH` and octal escapes are bytes, so a run of them is read
 * as UTF-8 (`\xc3\xa9` is é), as bash does in a UTF-8 locale.
 */
function readAnsiC(text: string, from: number): { value: string; end: number } | null {
  let out = '';
  let bytes: number[] = [];
  const emit = (s: string) => {
    if (bytes.length > 0) out += new TextDecoder().decode(new Uint8Array(bytes));
    bytes = [];
    out += s;
  };
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      emit('');
      return { value: out, end: i + 1 };
    }
    if (c !== '\\' || i + 1 >= text.length) {
      emit(c);
      i++;
      continue;
    }
    const n = text[i + 1]!;
    const simple = ANSI_SIMPLE[n];
    if (simple !== undefined) {
      emit(simple);
      i += 2;
    } else if (n === 'x') {
      const hex = /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2))?.[0] ?? '';
      if (hex === '') emit('\\x');
      else bytes.push(parseInt(hex, 16));
      i += 2 + hex.length;
    } else if (n === 'u' || n === 'U') {
      const hex = new RegExp(`^[0-9A-Fa-f]{1,${n === 'u' ? 4 : 8}}`).exec(text.slice(i + 2))?.[0] ?? '';
      const code = hex === '' ? -1 : parseInt(hex, 16);
      emit(hex === '' ? `\\${n}` : code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd');
      i += 2 + hex.length;
    } else if (/[0-7]/.test(n)) {
      const oct = /^[0-7]{1,3}/.exec(text.slice(i + 1))![0];
      bytes.push(parseInt(oct, 8) & 0xff);
      i += 1 + oct.length;
    } else if (n === 'c' && i + 2 < text.length) {
      emit(String.fromCharCode(text.charCodeAt(i + 2) & 0x1f));
      i += 3;
    } else {
      emit(`\\${n}`);
      i += 2;
    }
  }
  return null;
}

/** A plain `$NAME` or `${NAME}` at `i`: its name and length. */
function shellVariableAt(text: string, i: number): { name: string; length: number } | null {
  const match = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/.exec(text.slice(i, i + 260));
  return match ? { name: (match[1] ?? match[2])!, length: match[0].length } : null;
}

function noteExpansion(text: string, i: number, expansions: string[]): void {
  const match = /^\$(\{[^}]*\}?|\([^)]*\)?|[A-Za-z_][A-Za-z0-9_]*|[0-9#?*@!$-])|^`[^`]*`?/.exec(text.slice(i));
  if (match && !expansions.includes(match[0])) expansions.push(match[0]);
}

/** The offset after the line break at `i` (`\n` or `\r\n`). */
function afterLineBreak(text: string, i: number): number {
  return text[i] === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
}

/**
 * Reads the body of a here-document that starts at `from` (the line after its operator):
 * lines up to one that is exactly `delimiter` (after leading tabs with `<<-`). Without
 * that line the body runs to the end, as bash reads it (with a warning).
 */
function readHereDoc(text: string, from: number, delimiter: string, stripTabs: boolean): { text: string; end: number; closed: boolean } {
  let body = '';
  let i = from;
  while (i < text.length) {
    const eol = text.indexOf('\n', i);
    const lineEnd = eol < 0 ? text.length : eol;
    let line = text.slice(i, lineEnd).replace(/\r$/, '');
    if (stripTabs) line = line.replace(/^\t+/, '');
    const next = eol < 0 ? text.length : eol + 1;
    if (line === delimiter) return { text: body, end: next, closed: true };
    body += `${line}\n`;
    i = next;
  }
  return { text: body, end: text.length, closed: false };
}

/**
 * The body of an unquoted here-document as bash expands it: a backslash quotes only `$`,
 * `` ` ``, `\\` and the line break; variables go through `variableAt`; other expansions are
 * kept as written and noted.
 */
function expandHereDoc(text: string, variableAt: (source: string, i: number) => { text: string; length: number } | null, expansions: string[]): string {
  let body = '';
  for (let j = 0; j < text.length; j++) {
    if (text[j] === '\\' && '$`\\\n'.includes(text[j + 1] ?? 'x')) {
      if (text[j + 1] !== '\n') body += text[j + 1];
      j++;
      continue;
    }
    const variable = text[j] === '$' ? variableAt(text, j) : null;
    if (variable) {
      body += variable.text;
      j += variable.length - 1;
      continue;
    }
    if (text[j] === '$' || text[j] === '`') noteExpansion(text, j, expansions);
    body += text[j];
  }
  return body;
}

/** Splits POSIX shell text into the words of its first command. */
function splitPosix(text: string, options: ShellSplitOptions): Result<ShellSplit> {
  const words: ShellWord[] = [];
  const expansions: string[] = [];
  const variables: string[] = [];
  /** The variable at `i` as `options.variable` writes it, when one is asked for and there is one there. */
  const variableAt = (source: string, i: number): { text: string; length: number } | null => {
    const found = options.variable ? shellVariableAt(source, i) : null;
    if (!found) return null;
    if (!variables.includes(found.name)) variables.push(found.name);
    return { text: options.variable!(found.name), length: found.length };
  };
  // Assigned inside the closures below, so TypeScript must not narrow it to null.
  let word = null as string | null;
  let quoted = false;
  let start = 0;
  let stdin: ShellStdin | undefined;
  // The redirection whose target is the word being read: `<<`/`<<-` (delimiter), `<<<`, `<`, or output (dropped).
  let redirect = null as '<<' | '<<-' | '<<<' | '<' | '>' | null;
  const hereDocs: { delimiter: string; stripTabs: boolean; expands: boolean }[] = [];
  const begin = (at: number) => {
    if (word === null) {
      word = '';
      quoted = false;
      start = at;
    }
  };
  const flush = () => {
    if (word === null) return;
    if (redirect === '<<' || redirect === '<<-') hereDocs.push({ delimiter: word, stripTabs: redirect === '<<-', expands: !quoted });
    else if (redirect === '<<<') stdin = { kind: 'here-string', text: `${word}\n` };
    else if (redirect === '<') stdin = { kind: 'file', file: word };
    else if (redirect === null) words.push({ text: word, offset: start });
    redirect = null;
    word = null;
  };
  const done = (split: Omit<ShellSplit, 'words' | 'expansions'>): Result<ShellSplit> => {
    flush();
    const out: ShellSplit = { words, expansions, ...split };
    if (variables.length > 0) out.variables = variables;
    if (stdin) out.stdin = stdin;
    return ok(out);
  };
  let i = options.from ?? 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      flush();
      const after = afterLineBreak(text, i);
      if (hereDocs.length > 0) {
        // The bodies follow the line that asked for them, one after another; the command ends with them.
        let at = after;
        for (const doc of hereDocs) {
          const read = readHereDoc(text, at, doc.delimiter, doc.stripTabs);
          const body = doc.expands ? expandHereDoc(read.text, variableAt, expansions) : read.text;
          stdin = { kind: 'here-doc', text: body, delimiter: doc.delimiter, closed: read.closed };
          at = read.end;
        }
        return done(at < text.length ? { next: at } : {});
      }
      const line = options.startsCommand ? nextNonBlank(text, after) : undefined;
      if (line !== undefined && options.startsCommand!(lineAt(text, line))) {
        return done({ stoppedAt: { operator: '\n', offset: i }, next: line });
      }
      // Only blanks lie between (or follow), so jumping over them keeps a run of blank lines linear.
      i = line ?? (options.startsCommand ? text.length : after);
    } else if (c === ' ' || c === '\t' || c === '\r') {
      flush();
      i++;
    } else if (c === '\\') {
      if (text[i + 1] === '\n') i += 2;
      else if (text[i + 1] === '\r' && text[i + 2] === '\n') i += 3;
      else if (i + 1 >= text.length) i++;
      else {
        begin(i);
        quoted = true;
        word += text[i + 1]!;
        i += 2;
      }
    } else if (c === "'") {
      begin(i);
      quoted = true;
      const close = text.indexOf("'", i + 1);
      if (close < 0) return unterminated(text, i, 'single quote');
      word += text.slice(i + 1, close);
      i = close + 1;
    } else if (c === '$' && text[i + 1] === "'") {
      begin(i);
      const read = readAnsiC(text, i + 2);
      if (!read) return unterminated(text, i, "$'…' string");
      word += read.value;
      quoted = true;
      i = read.end;
    } else if (c === '"' || (c === '$' && text[i + 1] === '"')) {
      begin(i);
      quoted = true;
      const open = c === '$' ? i + 1 : i;
      let j = open + 1;
      for (;;) {
        if (j >= text.length) return unterminated(text, open, 'double quote');
        const d = text[j]!;
        if (d === '"') break;
        if (d === '\\' && j + 1 < text.length) {
          const n = text[j + 1]!;
          if (n === '$' || n === '`' || n === '"' || n === '\\') {
            word += n;
            j += 2;
          } else if (n === '\n') j += 2;
          else if (n === '\r' && text[j + 2] === '\n') j += 3;
          else {
            word += '\\';
            j++;
          }
          continue;
        }
        const variable = d === '$' ? variableAt(text, j) : null;
        if (variable) {
          word += variable.text;
          j += variable.length;
          continue;
        }
        if (d === '$' || d === '`') noteExpansion(text, j, expansions);
        word += d;
        j++;
      }
      i = j + 1;
    } else if (c === '#' && word === null) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '<' && text[i + 1] !== '(') {
      flush();
      const operator = /^(<<<|<<-|<<|<&|<>|<)/.exec(text.slice(i, i + 3))![0];
      // `<&3` and `<>file` redirect descriptors, not an input a paste could carry: dropped like output.
      redirect = operator === '<&' || operator === '<>' ? '>' : (operator as '<<' | '<<-' | '<<<' | '<');
      i += operator.length;
    } else if (c === '>' || (c === '&' && text[i + 1] === '>')) {
      // Output redirections (`> out.json`, `2>&1`, `&>/dev/null`) only move curl's output: the target is skipped.
      if (word !== null && !quoted && /^\d+$/.test(word) && start + word.length === i) word = null;
      flush();
      const operator = /^(&>>|&>|>>|>&|>\||>)/.exec(text.slice(i, i + 3))![0];
      redirect = '>';
      i += operator.length;
    } else if (OPERATOR_CHARS.includes(c)) {
      flush();
      const operator = /^(\|\||&&|;;|\|&|<\(|[|&;()])/.exec(text.slice(i, i + 2))![0];
      const after = i + operator.length;
      return done({ stoppedAt: { operator, offset: i }, ...(nextNonBlank(text, after) !== undefined ? { next: after } : {}) });
    } else {
      begin(i);
      const variable = c === '$' ? variableAt(text, i) : null;
      if (variable) {
        word += variable.text;
        i += variable.length;
        continue;
      }
      if (c === '$' || c === '`') noteExpansion(text, i, expansions);
      word += c;
      i++;
    }
  }
  return done({});
}

/**
 * Splits `text` into the words of its first command in `dialect` (detected when not
 * given), from `options.from`. Fails only for a quote that is never closed, with its line
 * and column. Text after an unquoted operator (`|`, `&&`, `;`…) is a separate command in
 * a shell and is not read; `stoppedAt` says where that happened and `next` where the
 * following command starts. POSIX redirections are read, not stopped at: input
 * (`<<EOF` here-documents, `<<<` here-strings, `< file`) becomes `stdin`, output
 * (`> file`, `2>&1`) is skipped.
 */
export function splitShellWords(text: string, dialect: ShellDialect = detectShellDialect(text), options: ShellSplitOptions = {}): Result<ShellSplit> {
  return dialect === 'cmd' ? splitCmd(text, options) : splitPosix(text, options);
}

/**
 * Quotes `word` for POSIX shells: bare when it is made of safe characters only (unless
 * `always`, for URLs and bodies people expect to see quoted), in single quotes otherwise
 * (`'` written as `'\''`), and as `$'…'` when it holds control characters other than tab
 * and line breaks, which a terminal would mangle, or `^"`, which reads as Windows cmd.
 */
export function quoteShellWord(word: string, always = false): string {
  if (!always && word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  // `^"` or `^` before a line break reads as Windows cmd to `detectShellDialect`: such a word goes as `$'…'` with `\"`.
  const caretQuote = /\^["\r\n]/.test(word);
  if (caretQuote || /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(word)) {
    let out = "$'";
    for (const ch of word) {
      const code = ch.codePointAt(0)!;
      if (ch === '\\' || ch === "'" || (caretQuote && ch === '"')) out += `\\${ch}`;
      else if (ch === '\n') out += '\\n';
      else if (ch === '\r') out += '\\r';
      else if (ch === '\t') out += '\\t';
      else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
      else out += ch;
    }
    return `${out}'`;
  }
  return `'${word.replace(/'/g, "'\\''")}'`;
}
