import { describe, expect, it } from 'vitest';
import { maskJsonVariables, parseJsonTemplate } from './jsonTemplate';

describe('maskJsonVariables', () => {
  it('masks a variable inside a string with letters and one outside with a string, keeping lengths', () => {
    const text = '{"t": "Bearer {{token}}", "n": {{qty}}}';
    const masked = maskJsonVariables(text);
    expect(masked).toBe('{"t": "Bearer xxxxxxxxx", "n": "xxxxx"}');
    expect(masked.length).toBe(text.length);
    expect(parseJsonTemplate(text).ok).toBe(true);
  });

  it('is not fooled by escaped quotes before a variable', () => {
    expect(parseJsonTemplate('{"a": "say \\"hi\\" {{x}}", "b": {{y}}}').ok).toBe(true);
  });

  it('reports a real syntax error at its place in the typed text', () => {
    const result = parseJsonTemplate('{"a": {{x}},\n "b" 1}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.position).toMatchObject({ line: 2, column: 6 });
  });
});
