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
export function formatJson(text: string, indent: number | string = 2, limits: JsonFormatLimits = {}): Result<string> {
  const unit = typeof indent === 'number' ? ' '.repeat(Math.max(0, Math.min(10, Math.floor(indent)))) : indent.slice(0, 10);
  const maxDepth = limits.maxDepth ?? JSON_FORMAT_MAX_DEPTH;
  const maxLength = limits.maxLength ?? JSON_FORMAT_MAX_LENGTH;
  const out: string[] = [];
  let depth = 0;
  let length = 0;
  let stopped: 'depth' | 'length' | null = null;
  let pendingOpen: JsonToken | null = null;
  const push = (...parts: string[]) => {
    for (const part of parts) {
      length += part.length;
      out.push(part);
    }
    if (length > maxLength) stopped = 'length';
  };
  const newline = () => (unit === '' ? '' : `\n${unit.repeat(depth)}`);
  const fault = checkJsonSyntax(text, (token) => {
    // Past a limit the rest is only checked for syntax: the output would be quadratic in depth.
    if (stopped) return;
    if (pendingOpen) {
      const opener: JsonToken = pendingOpen;
      pendingOpen = null;
      if ((opener.kind === '{' && token.kind === '}') || (opener.kind === '[' && token.kind === ']')) {
        push(opener.kind === '{' ? '{}' : '[]');
        return;
      }
      depth++;
      if (depth > maxDepth) {
        stopped = 'depth';
        return;
      }
      push(opener.kind, newline());
    }
    switch (token.kind) {
      case '{':
      case '[':
        pendingOpen = token;
        return;
      case '}':
      case ']':
        depth--;
        push(newline(), token.kind);
        return;
      case ',':
        push(',', newline());
        return;
      case ':':
        push(unit === '' ? ':' : ': ');
        return;
      default:
        push(text.slice(token.from, token.to));
    }
  });
  if (fault) return syntaxError(text, fault.offset, fault.message);
  if (stopped === 'depth') {
    return fail({
      kind: 'json-too-deep',
      message: `The JSON nests more than ${maxDepth} levels deep; formatting it would produce an indentation that grows with the square of the depth, so it is left as written.`,
    });
  }
  if (stopped === 'length') {
    return fail({ kind: 'json-too-large', message: `Formatted, this JSON would exceed ${maxLength.toLocaleString('en')} characters; it is left as written.` });
  }
  return ok(out.join(''));
}

/** Nesting beyond which `formatJson` declines (typed `json-too-deep`). */
export const JSON_FORMAT_MAX_DEPTH = 512;
/** Output size beyond which `formatJson` declines (typed `json-too-large`). */
export const JSON_FORMAT_MAX_LENGTH = 32_000_000;

/** Limits of `formatJson`; the defaults keep the output linear in the input for any text. */
export interface JsonFormatLimits {
  maxDepth?: number;
  maxLength?: number;
}
