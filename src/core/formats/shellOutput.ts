/**
 * What simple programs piped into a command write, so `printf '…' | curl --data-binary @-`
 * (what `toCurl` writes for bodies with NUL bytes) and `echo '…' | curl -d @-` give their
 * body back, and `cat file | curl …` names its file. Only what can be known without
 * running anything: printf with `%s`, `%b` and `%%`, echo with `-n` and `-e`, cat of one
 * file. Anything else is undefined, and the caller says it was not read.
 */
import type { ShellStdin } from './shellWords';

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, e: 27 };

/**
 * Appends the bytes of `text` with backslash escapes read (`\n`, `\\`, octal `\ddd`, or
 * `\0ddd` for `%b` and `echo -e`), every other character as UTF-8.
 */
function pushEscaped(text: string, out: number[], octalAfterZero: boolean): void {
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '\\' || i + 1 >= text.length) {
      out.push(...encoder.encode(c));
      continue;
    }
    const n = text[i + 1]!;
    const octal = (octalAfterZero ? /^0([0-7]{0,3})/ : /^([0-7]{1,3})/).exec(text.slice(i + 1, i + 5));
    if (octal) {
      out.push(parseInt(octal[1] || '0', 8) & 0xff);
      i += octal[0].length;
    } else if (n === 'x' && /^[0-9A-Fa-f]/.test(text[i + 2] ?? '')) {
      const hex = /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2, i + 4))![0];
      out.push(parseInt(hex, 16));
      i += 1 + hex.length;
    } else if (SIMPLE_ESCAPES[n] !== undefined) {
      out.push(SIMPLE_ESCAPES[n]!);
      i++;
    } else {
      out.push(92);
    }
  }
}

/** The bytes printf writes for `format` and `args`, or undefined for a conversion other than %s, %b and %%. */
function printfBytes(format: string, args: readonly string[]): number[] | undefined {
  const out: number[] = [];
  let next = 0;
  // printf reuses the format while arguments remain, and runs it once with none.
  do {
    const before = next;
    const pieces = format.split(/(%[%sb])/);
    for (const piece of pieces) {
      if (piece === '%%') out.push(37);
      else if (piece === '%s') out.push(...new TextEncoder().encode(args[next++] ?? ''));
      else if (piece === '%b') pushEscaped(args[next++] ?? '', out, true);
      else if (/%/.test(piece)) return undefined;
      else pushEscaped(piece, out, false);
    }
    if (next === before) break;
  } while (next < args.length);
  return out;
}

/** The standard input `words` (a command piped into curl) give it, when it can be known. */
export function pipedStdin(words: readonly string[]): ShellStdin | undefined {
  const [program, ...args] = words;
  if (program === undefined) return undefined;
  let bytes: number[] | undefined;
  if (program === 'cat' && args.length === 1 && !args[0]!.startsWith('-')) return { kind: 'file', file: args[0]! };
  if (program === 'printf' && args.length > 0) bytes = printfBytes(args[0]!, args.slice(1));
  if (program === 'echo') {
    let newline = true;
    let escapes = false;
    while (/^-[neE]+$/.test(args[0] ?? '')) {
      const flags = args.shift()!;
      if (flags.includes('n')) newline = false;
      if (flags.includes('e')) escapes = true;
    }
    bytes = [];
    if (escapes) pushEscaped(args.join(' '), bytes, true);
    else bytes.push(...new TextEncoder().encode(args.join(' ')));
    if (newline) bytes.push(10);
  }
  if (bytes === undefined) return undefined;
  try {
    return { kind: 'pipe', program, text: new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes)) };
  } catch {
    // Bytes that are not UTF-8 cannot be a text body; the caller says the output was not read.
    return undefined;
  }
}
