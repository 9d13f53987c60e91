/**
 * Checking a JSON body that still holds `{{variables}}`: the person writes
 * `{"token": "{{token}}", "qty": {{qty}}}`, which is not JSON until sent. Each variable is
 * masked by text of the same length — letters inside a string, a string literal elsewhere —
 * so the syntax can be checked now and an error's line and column still point into the
 * text as typed.
 */
import { findVariables, parseJson } from '../encoding';
import type { Result } from '../types';

/** `text` with every `{{name}}` replaced by same-length filler that keeps the JSON well-formed. */
export function maskJsonVariables(text: string): string {
  const variables = findVariables(text);
  if (variables.length === 0) return text;
  let out = '';
  let last = 0;
  let inString = false;
  let scanned = 0;
  for (const v of variables) {
    // Track string state up to the variable: a quote not escaped by an odd run of backslashes toggles it.
    for (let i = scanned; i < v.from; i++) {
      const ch = text[i];
      if (ch === '\\' && inString) i++;
      else if (ch === '"') inString = !inString;
    }
    scanned = v.to;
    const length = v.to - v.from;
    out += text.slice(last, v.from) + (inString ? 'x'.repeat(length) : `"${'x'.repeat(length - 2)}"`);
    last = v.to;
  }
  return out + text.slice(last);
}

/** Parses a JSON template (variables masked); positions refer to the text as typed. */
export function parseJsonTemplate(text: string): Result<unknown> {
  return parseJson(maskJsonVariables(text));
}
