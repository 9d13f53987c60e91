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

  it('writes $NAME and ${NAME} as options.variable says where the shell expands them, never in single quotes', () => {
    const text = `curl -H "X-A: $TOKEN" -u \${USER}:pw 'https://a.test/$KEEP' $'\\$KEEP' \\$KEEP "\\$KEEP" "\${X:-d}" $1 -d @- <<EOF\n{"t": "$TOKEN", "e": "\\$KEEP"}\nEOF\n`;
    const split = splitShellWords(text, 'posix', { variable: (name) => `{{${name}}}` });
    if (!split.ok) throw new Error(split.error.message);
    expect(split.value.words.map((w) => w.text)).toEqual(['curl', '-H', 'X-A: {{TOKEN}}', '-u', '{{USER}}:pw', 'https://a.test/$KEEP', '\\$KEEP', '$KEEP', '$KEEP', '${X:-d}', '$1', '-d', '@-']);
    expect(split.value.stdin).toMatchObject({ kind: 'here-doc', text: '{"t": "{{TOKEN}}", "e": "$KEEP"}\n' });
    expect(split.value.variables).toEqual(['TOKEN', 'USER']);
    expect(split.value.expansions).toEqual(['${X:-d}', '$1']);
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

describe('splitShellWords (POSIX): redirections and where the next command starts', () => {
  it('reads a here-document after the line that opens it, and says where the next command starts', () => {
    const text = "curl -d @- <<'EOF' https://a.test\n{\"a\": \"$x\"}\nEOF\ncurl b";
    const split = splitShellWords(text);
    expect(split.ok && split.value.words.map((w) => w.text)).toEqual(['curl', '-d', '@-', 'https://a.test']);
    expect(split.ok && split.value.stdin).toEqual({ kind: 'here-doc', text: '{"a": "$x"}\n', delimiter: 'EOF', closed: true });
    expect(split.ok && split.value.expansions).toEqual([]);
    expect(split.ok && text.slice(split.value.next)).toBe('curl b');
  });

  it('reports expansions in an unquoted here-document, strips tabs with <<-, and reads to the end when unclosed', () => {
    const plain = splitShellWords('cat <<EOF\nhi $USER\nEOF');
    expect(plain.ok && plain.value.expansions).toEqual(['$USER']);
    const tabs = splitShellWords('cat <<-END\n\t\tx\n\tEND\n');
    expect(tabs.ok && tabs.value.stdin).toEqual({ kind: 'here-doc', text: 'x\n', delimiter: 'END', closed: true });
    const open = splitShellWords('cat <<EOF\nx\r\ny');
    expect(open.ok && open.value.stdin).toEqual({ kind: 'here-doc', text: 'x\ny\n', delimiter: 'EOF', closed: false });
  });

  it('reads here-strings and input files as stdin, and skips output redirections', () => {
    const here = splitShellWords(`curl <<< "a b" -v`);
    expect(here.ok && [here.value.words.map((w) => w.text), here.value.stdin]).toEqual([['curl', '-v'], { kind: 'here-string', text: 'a b\n' }]);
    const file = splitShellWords('curl < body.json -v');
    expect(file.ok && file.value.stdin).toEqual({ kind: 'file', file: 'body.json' });
    expect(words('curl a > out.txt 2>/dev/null &>>log 2>&1 b')).toEqual(['curl', 'a', 'b']);
    expect(words("curl 'a>b' x2>y")).toEqual(['curl', 'a>b', 'x2']);
  });

  it('ends a command at a line that starts another only when asked, and reads from an offset', () => {
    const text = 'curl a\n  -v\n\ncurl b';
    expect(words(text)).toEqual(['curl', 'a', '-v', 'curl', 'b']);
    const startsCurl = (line: string) => line.startsWith('curl');
    const first = splitShellWords(text, 'posix', { startsCommand: startsCurl });
    expect(first.ok && [first.value.words.map((w) => w.text), first.value.stoppedAt]).toEqual([['curl', 'a', '-v'], { operator: '\n', offset: 11 }]);
    const second = first.ok ? splitShellWords(text, 'posix', { from: first.value.next!, startsCommand: startsCurl }) : undefined;
    expect(second?.ok && second.value.words).toEqual([{ text: 'curl', offset: 13 }, { text: 'b', offset: 18 }]);
    const cmd = splitShellWords('curl ^"a^" &\r\ncurl ^"b^"', 'cmd');
    expect(cmd.ok && [cmd.value.stoppedAt, cmd.value.next]).toEqual([{ operator: '&', offset: 11 }, 12]);
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
