import { describe, expect, it } from 'vitest';
import { environmentProblems, environmentValues, type EnvironmentVariable } from './environment';

const variable = (name: string, value: string, extra: Partial<EnvironmentVariable> = {}): EnvironmentVariable => ({ id: `v-${name}-${value}`, name, value, enabled: true, secret: false, ...extra });

describe('environmentValues', () => {
  it('maps enabled, named variables by trimmed name; the later of two wins', () => {
    const values = environmentValues({
      id: 'e',
      name: 'dev',
      variables: [variable(' base ', 'http://a'), variable('base', 'http://b'), variable('off', '1', { enabled: false }), variable('', 'x')],
    });
    expect({ ...values }).toEqual({ base: 'http://b' });
  });

  it('cannot be tricked into resolving Object.prototype members', () => {
    expect(environmentValues({ id: 'e', name: 'x', variables: [] }).constructor).toBeUndefined();
    expect(environmentValues(undefined)).toEqual({});
  });
});

describe('environmentProblems', () => {
  it('reports names {{…}} cannot refer to and names defined twice', () => {
    const problems = environmentProblems({ id: 'e', name: 'x', variables: [variable('a}b', '1'), variable('k', '1'), variable('k', '2')] });
    expect(problems.map((p) => [p.kind, p.field])).toEqual([
      ['variable-name-invalid', 'v-a}b-1'],
      ['variable-duplicate', 'v-k-2'],
    ]);
  });
});
