/**
 * JSON bodies (spec §4.3 application/json): parsing with errors that say what and where
 * (line and column, the same on every engine), and formatting that keeps every token as
 * written so a number like 12345678901234567890 is never silently rounded.
 */
import { fail, ok, positionAt, type Result } from '../types';
import { checkJsonSyntax, type JsonToken } from './jsonSyntax';

function syntaxError(text: string, offset: number, message: string) {
  return fail({ kind: 'json-syntax', message, position: positionAt(text, offset) });
}

/**
 * Parses a JSON document; on bad input fails with kind `json-syntax`, a message such as
 * `Expected "," or "}" after property value`, and the position of the offending character
 * (an empty or whitespace-only text and trailing garbage included). The value is built by
 * `JSON.parse`, so it is exactly what the engine would give (duplicate keys: last wins).
 * Never throws.
 */
export function parseJson(text: string): Result<unknown> {
  const fault = checkJsonSyntax(text);
  if (fault) return syntaxError(text, fault.offset, fault.message);
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    // Only reachable if this grammar and the engine disagree; still report, never throw.
    return syntaxError(text, 0, error instanceof Error ? error.message : 'JSON.parse rejected the text');
  }
}

/**
 * Re-indents a JSON document: `indent` spaces per level (a number, at most 10, as
 * `JSON.stringify` takes it) or an indent string; 0 or '' gives the compact form. Strings
 * and numbers are copied exactly as written and duplicate keys are kept, so formatting
 * never changes what a receiver reads. For canonical input the result equals
 * `JSON.stringify(JSON.parse(text), null, indent)`. Fails like `parseJson`.
 */
export function formatJson(text: string, indent: number | string = 2): Result<string> {
  const unit = typeof indent === 'number' ? ' '.repeat(Math.max(0, Math.min(10, Math.floor(indent)))) : indent.slice(0, 10);
  const out: string[] = [];
  let depth = 0;
  let pendingOpen: JsonToken | null = null;
  const newline = () => (unit === '' ? '' : `\n${unit.repeat(depth)}`);
  const fault = checkJsonSyntax(text, (token) => {
    if (pendingOpen) {
      const opener: JsonToken = pendingOpen;
      pendingOpen = null;
      if ((opener.kind === '{' && token.kind === '}') || (opener.kind === '[' && token.kind === ']')) {
        out.push(opener.kind === '{' ? '{}' : '[]');
        return;
      }
      out.push(opener.kind);
      depth++;
      out.push(newline());
    }
    switch (token.kind) {
      case '{':
      case '[':
        pendingOpen = token;
        return;
      case '}':
      case ']':
        depth--;
        out.push(newline(), token.kind);
        return;
      case ',':
        out.push(',', newline());
        return;
      case ':':
        out.push(unit === '' ? ':' : ': ');
        return;
      default:
        out.push(text.slice(token.from, token.to));
    }
  });
  if (fault) return syntaxError(text, fault.offset, fault.message);
  return ok(out.join(''));
}
