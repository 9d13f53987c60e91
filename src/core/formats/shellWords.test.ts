import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectShellDialect, quoteShellWord, splitShellWords } from './shellWords';

/** The words of `text`, or the error message. */
function words(text: string, dialect?: 'posix' | 'cmd'): string[] | string {
  const split = splitShellWords(text, dialect);
  return split.ok ? split.value.words.map((w) => w.text) : split.error.message;
}

describe('splitShellWords (POSIX)', () => {
  it('splits on blanks and joins quoted pieces into one word', () => {
    expect(words(`curl  -H 'a b'"c d"e`)).toEqual(['curl', '-H', 'a bc de']);
    expect(words(`echo '' ""`)).toEqual(['echo', '', '']);
  });

  it('keeps single-quoted text literally', () => {
    expect(words(`x '$HOME \\n "q"'`)).toEqual(['x', '$HOME \\n "q"']);
  });

  it('applies only the four escapes inside double quotes', () => {
    expect(words(String.raw`x "a\"b\\c\$d\e"`)).toEqual(['x', 'a"b\\c$d\\e']);
  });

  it('reads $\'…\' ANSI-C strings, hex bytes as UTF-8', () => {
    expect(words(String.raw`x $'a\nb\t\'q\' \x41\u00e9\xc3\xa9 \101'`)).toEqual(['x', "a\nb\t'q' Aéé A"]);
  });

  it('joins backslash-newline continuations and escapes outside quotes', () => {
    expect(words('curl \\\n  -X \\\r\n  POST a\\ b')).toEqual(['curl', '-X', 'POST', 'a b']);
  });

  it('skips comments and stops at an unquoted operator', () => {
    const split = splitShellWords('curl https://a.test/?x=1&y=2 # trailing');
    expect(split.ok && split.value.words.map((w) => w.text)).toEqual(['curl', 'https://a.test/?x=1']);
    expect(split.ok && split.value.stoppedAt).toEqual({ operator: '&', offset: 24 });
    expect(words('a # comment\nb')).toEqual(['a', 'b']);
    expect(words('a#b')).toEqual(['a#b']);
  });

  it('reports expansions it did not perform', () => {
    const split = splitShellWords('curl -H "Authorization: Bearer $TOKEN" $(cat url)');
    expect(split.ok && split.value.expansions).toEqual(['$TOKEN', '$(cat url)']);
  });

  it('gives the position of an unclosed quote', () => {
    const split = splitShellWords("curl \\\n  -d 'abc");
    expect(split.ok).toBe(false);
    if (split.ok) return;
    expect(split.error.kind).toBe('unterminated-quote');
    expect(split.error.position).toEqual({ offset: 12, line: 2, column: 6 });
    expect(split.error.message).toBe('The single quote opened at line 2, column 6 is never closed.');
    expect(words('x "a\\"')).toBe('The double quote opened at line 1, column 3 is never closed.');
  });
});

describe('splitShellWords (Windows cmd)', () => {
  it('is detected from ^ continuations or ^" quotes', () => {
    expect(detectShellDialect('curl ^"https://a^" ^\n -v')).toBe('cmd');
    expect(detectShellDialect("curl 'https://a'")).toBe('posix');
  });

  it('reads what browsers write for "Copy as cURL (cmd)"', () => {
    const text = 'curl ^"https://a.test/x?a=1^&b=2^" ^\n  -H ^"content-type: application/json^" ^\n  --data-raw ^"^{^\\^"n^\\^":1^}^"';
    expect(words(text)).toEqual(['curl', 'https://a.test/x?a=1&b=2', '-H', 'content-type: application/json', '--data-raw', '{"n":1}']);
  });

  it('follows the C runtime backslash rules and reports an unclosed quote', () => {
    expect(words('a "b c" d\\\\"e f"', 'cmd')).toEqual(['a', 'b c', 'd\\e f']);
    expect(words('a "b', 'cmd')).toBe('The double quote opened at line 1, column 3 is never closed.');
  });
});

describe('quoteShellWord', () => {
  it('leaves safe words bare and quotes the rest', () => {
    expect(quoteShellWord('https://a.test/x?y=1')).toBe("'https://a.test/x?y=1'");
    expect(quoteShellWord('-H')).toBe('-H');
    expect(quoteShellWord("it's")).toBe("'it'\\''s'");
    expect(quoteShellWord('')).toBe("''");
    expect(quoteShellWord('a\u0001b')).toBe("$'a\\x01b'");
  });

  it('round-trips any text without NUL through the POSIX splitter', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }).filter((s) => !s.includes('\u0000')), (text) => {
        const split = splitShellWords(`curl ${quoteShellWord(text)}`, 'posix');
        expect(split.ok && split.value.words.map((w) => w.text)).toEqual(['curl', text]);
      }),
      { numRuns: 200 },
    );
  });
});
