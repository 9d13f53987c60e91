import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findVariables, substituteVariables } from './variables';

describe('findVariables', () => {
  it('finds {{name}} spans with offsets of the whole span', () => {
    expect(findVariables('GET {{baseUrl}}/users/{{ id }}')).toEqual([
      { name: 'baseUrl', from: 4, to: 15 },
      { name: 'id', from: 22, to: 30 },
    ]);
  });

  it('allows inner spaces in a name and trims outer spaces and tabs', () => {
    expect(findVariables('{{\tapi key }}')).toEqual([{ name: 'api key', from: 0, to: 13 }]);
  });

  it('does not take empty names, line breaks or nested braces as variables', () => {
    expect(findVariables('{{}} {{ }} {{a\nb}} {single}')).toEqual([]);
    expect(findVariables('{{{a}}}')).toEqual([{ name: 'a', from: 1, to: 6 }]);
  });
});

describe('substituteVariables', () => {
  it('replaces defined variables and lists what it used', () => {
    expect(substituteVariables('{{base}}/users/{{ id }}', { base: 'https://x.test', id: '42' })).toEqual({
      text: 'https://x.test/users/42',
      unresolved: [],
      used: ['base', 'id'],
      problems: [],
    });
  });

  it('leaves undefined variables as written and reports them', () => {
    expect(substituteVariables('a {{ missing }} b {{missing}}', {})).toEqual({
      text: 'a {{ missing }} b {{missing}}',
      unresolved: ['missing'],
      used: [],
      problems: [{ name: 'missing', reason: 'undefined', message: 'Variable "missing" is not defined in the environment' }],
    });
  });

  it('resolves variables inside values', () => {
    const env = { host: 'api.test', base: 'https://{{host}}/v{{version}}', version: '2' };
    expect(substituteVariables('{{base}}/x', env)).toEqual({
      text: 'https://api.test/v2/x',
      unresolved: [],
      used: ['base', 'host', 'version'],
      problems: [],
    });
  });

  it('reports an undefined variable inside a value and keeps the rest of the value', () => {
    const result = substituteVariables('{{url}}', { url: 'https://{{host}}/' });
    expect(result.text).toBe('https://{{host}}/');
    expect(result.unresolved).toEqual(['host']);
    expect(result.problems[0]?.message).toBe('Variable "host" (used inside the value of "url") is not defined in the environment');
  });

  it('detects cycles, leaves the variable as written and says which chain loops', () => {
    const result = substituteVariables('x={{a}} y={{self}}', { a: '1{{b}}', b: '2{{a}}', self: '{{ self }}' });
    expect(result.text).toBe('x={{a}} y={{self}}');
    expect(result.unresolved).toEqual(['a', 'self']);
    expect(result.used).toEqual([]);
    expect(result.problems).toEqual([
      { name: 'a', reason: 'cycle', chain: ['a', 'b', 'a'], message: 'Variable "a" refers back to itself: a → b → a' },
      { name: 'self', reason: 'cycle', chain: ['self', 'self'], message: 'Variable "self" refers back to itself: self → self' },
    ]);
  });

  it('stops at the depth limit', () => {
    const env: Record<string, string> = { v0: 'end' };
    for (let i = 1; i <= 12; i++) env[`v${i}`] = `{{v${i - 1}}}`;
    expect(substituteVariables('{{v9}}', env).text).toBe('end');
    const deep = substituteVariables('{{v12}}', env);
    expect(deep.text).toBe('{{v12}}');
    expect(deep.problems[0]).toMatchObject({ name: 'v12', reason: 'too-deep' });
    expect(substituteVariables('{{v3}}', env, { maxDepth: 3 }).problems[0]).toMatchObject({ reason: 'too-deep' });
    expect(substituteVariables('{{v2}}', env, { maxDepth: 3 }).text).toBe('end');
  });

  it('applies the depth limit to values it has already expanded elsewhere', () => {
    const env = { a: '{{b}}', b: '{{c}}', c: 'x', top: '{{a}}' };
    const result = substituteVariables('{{a}} {{top}}', env, { maxDepth: 3 });
    expect(result.text).toBe('x {{top}}');
    expect(result.problems).toEqual([expect.objectContaining({ name: 'top', reason: 'too-deep' })]);
  });

  it('refuses exponential expansion instead of hanging', () => {
    const env: Record<string, string> = { l0: 'xxxxxxxxxx' };
    for (let i = 1; i <= 9; i++) env[`l${i}`] = `{{l${i - 1}}}`.repeat(10);
    const result = substituteVariables('{{l9}}', env, { maxLength: 1_000_000 });
    expect(result.text).toBe('{{l9}}');
    expect(result.problems[0]).toMatchObject({ name: 'l9', reason: 'too-long' });
  });

  it('never reads inherited properties of the environment', () => {
    expect(substituteVariables('{{constructor}} {{__proto__}} {{toString}}', {}).unresolved).toEqual(['constructor', '__proto__', 'toString']);
  });

  it('returns the text unchanged when it has no variables, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        fc.pre(findVariables(text).length === 0);
        expect(substituteVariables(text, { a: '1' })).toEqual({ text, unresolved: [], used: [], problems: [] });
      }),
    );
  });

  it('leaves behind only variables it reports as unresolved', () => {
    // Stray braces are left out: a value ending in "{" next to text starting with "{b}}"
    // would form a new placeholder, and substitution is one pass by design.
    const piece = fc.oneof(fc.constantFrom('{{a}}', '{{ b }}', '{{c}}', '{{d}}', '{{x}}'), fc.constantFrom('p', 'q', ' ', '/'));
    const name = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(fc.dictionary(name, fc.string({ unit: piece, maxLength: 4 })), fc.string({ unit: piece, maxLength: 8 }), (env, text) => {
        const result = substituteVariables(text, env);
        for (const ref of findVariables(result.text)) expect(result.unresolved).toContain(ref.name);
        expect(result.problems.map((p) => p.name).sort()).toEqual(expect.arrayContaining(result.unresolved.slice().sort()));
        for (const name of result.used) expect(Object.keys(env)).toContain(name);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws for any text and environment', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 12 })), fc.string({ maxLength: 30 }), (env, text) => {
        const result = substituteVariables(text, env);
        expect(typeof result.text).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});

describe('a reference inside a name (Postman resolves it first)', () => {
  it('{{host.{{one}}}} is {{host.1}} when one is 1; an unknown inner reference stays as written', () => {
    expect(substituteVariables('http://{{host.{{one}}}}/get', { one: '1', 'host.1': 'localhost:4040' }).text).toBe('http://localhost:4040/get');
    expect(substituteVariables('{{a{{b{{c}}}}}}', { c: '3', b3: 'x', ax: 'deep' }).text).toBe('deep');
    expect(substituteVariables('{{host.{{missing}}}}', { 'host.1': 'h' }).text).toBe('{{host.{{missing}}}}');
  });
});
