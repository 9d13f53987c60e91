import { describe, expect, it } from 'vitest';
import { buildWireRequest, emptyDraft } from '../request';
import {
  applyCaptures,
  createRunVariables,
  getRunVariable,
  isSecretRunVariable,
  resolvedRunValues,
  setRunVariable,
  unsetRunVariable,
  variableValues,
  withDataRow,
} from './runVariables';

const start = createRunVariables({
  global: { host: 'global.test', only_global: 'g' },
  collection: { host: 'collection.test', base: 'https://{{host}}', only_collection: 'c' },
  environment: { host: 'env.test', token: 'e' },
  data: { user: 'ada' },
});

describe('run variables: precedence', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['host', 'env.test', 'environment'],
    ['user', 'ada', 'data'],
    ['only_collection', 'c', 'collection'],
    ['only_global', 'g', 'global'],
    ['nope', undefined, undefined],
  ])('%s → %s from %s', (name, value, layer) => {
    expect(getRunVariable(start, name)).toEqual(value === undefined ? undefined : { value, layer });
  });

  it('run-local beats the data row, which beats the environment', () => {
    let v = setRunVariable(start, 'environment', 'user', 'env-user');
    expect(getRunVariable(v, 'user')).toEqual({ value: 'ada', layer: 'data' });
    v = setRunVariable(v, 'run', 'user', 'local');
    expect(getRunVariable(v, 'user')).toEqual({ value: 'local', layer: 'run' });
    v = unsetRunVariable(v, 'run', 'user');
    expect(getRunVariable(v, 'user')).toEqual({ value: 'ada', layer: 'data' });
  });

  it('never changes the variables it was given', () => {
    const before = JSON.stringify(start);
    setRunVariable(start, 'collection', 'host', 'x');
    unsetRunVariable(start, 'environment', 'token');
    expect(JSON.stringify(start)).toBe(before);
  });

  it('treats prototype names as ordinary names', () => {
    expect(getRunVariable(start, 'constructor')).toBeUndefined();
    const v = setRunVariable(start, 'run', '__proto__', 'p');
    expect(getRunVariable(v, '__proto__')).toEqual({ value: 'p', layer: 'run' });
    expect(resolvedRunValues(v)['__proto__']).toBe('p');
  });

  it('refuses bad names and read-only scopes with precise errors', () => {
    expect(() => setRunVariable(start, 'run', ' ', 'x')).toThrow(new RangeError('setRunVariable: the variable name is empty'));
    expect(() => setRunVariable(start, 'data' as never, 'a', 'x')).toThrow(/cannot write to scope "data"/);
    expect(() => setRunVariable(start, 'run', 'a', 5 as never)).toThrow(TypeError);
  });
});

describe('run variables: data rows, captures, secrets', () => {
  it('replaces only the data layer for the next iteration', () => {
    const v = withDataRow(setRunVariable(start, 'run', 'kept', 'yes'), { user: 'grace' });
    expect(getRunVariable(v, 'user')?.value).toBe('grace');
    expect(getRunVariable(v, 'kept')?.value).toBe('yes');
    expect(getRunVariable(withDataRow(v, undefined), 'user')).toBeUndefined();
  });

  it('writes captured values into their scopes and remembers secrets', () => {
    const v = applyCaptures(start, [
      { captureId: '1', variable: 'token', scope: 'environment', value: 'eyJ…', secret: true },
      { captureId: '2', variable: 'orderId', scope: 'run', value: '9', secret: false },
      { captureId: '3', variable: 'missing', scope: 'run', secret: false, error: 'no such header' },
    ]);
    expect(v.layers.environment['token']).toBe('eyJ…');
    expect(getRunVariable(v, 'orderId')).toEqual({ value: '9', layer: 'run' });
    expect(getRunVariable(v, 'missing')).toBeUndefined();
    expect(isSecretRunVariable(v, 'token')).toBe(true);
    expect(isSecretRunVariable(v, 'orderId')).toBe(false);
  });
});

describe('resolvedRunValues feeds the composer’s buildWireRequest', () => {
  it('merges the layers, highest winning, and resolves nested references', () => {
    const v = setRunVariable(start, 'run', 'id', '42');
    const values = resolvedRunValues(v);
    expect({ ...values }).toEqual({ host: 'env.test', only_global: 'g', base: 'https://{{host}}', only_collection: 'c', token: 'e', user: 'ada', id: '42' });
    const draft = emptyDraft('{{base}}/users/{{user}}/orders/{{id}}');
    const built = buildWireRequest(draft, values);
    expect(built.ok && built.value.wire.url).toBe('https://env.test/users/ada/orders/42');
  });
});

describe('variableValues', () => {
  it('keeps enabled, named variables; the last of a repeated name wins', () => {
    expect({ ...variableValues([{ name: ' a ', value: '1' }, { name: 'b', value: '2', enabled: false }, { name: '', value: '3' }, { name: 'a', value: '4', enabled: true }]) }).toEqual({ a: '4' });
  });
});
