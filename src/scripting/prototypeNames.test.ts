import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine } from './engine';
import type { ScriptRunInput } from './types';

/**
 * Variables named like Object.prototype's members (`constructor`, `__proto__`, `toString`,
 * `hasOwnProperty`) are ordinary names in every scope: set, read, listed, unset, and
 * reported back to the host, and an unset one reads as undefined, not as the prototype's.
 */
let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createScriptEngine();
});

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

function run(code: string, variables: Partial<ScriptRunInput['variables']> = {}): Promise<ReturnType<ScriptEngine['run']> extends Promise<infer R> ? R : never> {
  return engine.run({
    phase: 'pre-request',
    code,
    request: { method: 'GET', url: 'http://h/', headers: [] },
    variables: { environment: {}, collection: {}, globals: {}, local: {}, iterationData: {}, ...variables },
    info: { iteration: 0, iterationCount: 1, requestName: 'r', requestId: 'r' },
  });
}

describe('variables named like Object.prototype members', () => {
  it('reads as undefined while unset, in every scope and through pm.variables', async () => {
    const result = await run(`
      const names = ${JSON.stringify(NAMES)};
      const scopes = [pm.environment, pm.collectionVariables, pm.globals, pm.variables, pm.iterationData];
      console.log(JSON.stringify(names.map((n) => scopes.map((s) => [s.has(n), typeof s.get(n)]))));
      console.log(pm.variables.replaceIn('{{constructor}}|{{__proto__}}|{{toString}}'));
    `);
    expect(result.errors).toEqual([]);
    expect(JSON.parse(result.console[0]!.text)).toEqual(NAMES.map(() => Array(5).fill([false, 'undefined'])));
    expect(result.console[1]!.text).toBe('{{constructor}}|{{__proto__}}|{{toString}}');
  });

  it('sets, reads, lists, replaces and unsets them, and reports the changes to the host', async () => {
    const result = await run(`
      const names = ${JSON.stringify(NAMES)};
      names.forEach((n, i) => { pm.environment.set(n, 'env-' + i); pm.collectionVariables.set(n, { i: i }); pm.variables.set(n, 'local-' + i); });
      console.log(JSON.stringify(names.map((n) => [pm.environment.get(n), pm.collectionVariables.get(n), pm.variables.get(n)])));
      console.log(JSON.stringify(pm.environment.toObject()), JSON.stringify(Object.keys(pm.variables.toObject())));
      console.log(pm.environment.replaceIn('{{constructor}}/{{__proto__}}'));
      pm.environment.unset('toString');
      console.log(String(pm.environment.has('toString')), typeof pm.environment.get('toString'));
      tests['constructor'] = true;
    `);
    expect(result.errors).toEqual([]);
    expect(JSON.parse(result.console[0]!.text)).toEqual(NAMES.map((_, i) => [`env-${i}`, { i }, `local-${i}`]));
    expect(result.console[1]!.text).toBe(`${JSON.stringify(Object.fromEntries(NAMES.map((n, i) => [n, `env-${i}`])))} ${JSON.stringify(NAMES)}`);
    expect(result.console[2]!.text).toBe('env-0/env-1');
    expect(result.console[3]!.text).toBe('false undefined');
    expect(Object.keys(result.variables.environment.set)).toEqual(NAMES.filter((n) => n !== 'toString'));
    expect(result.variables.environment.unset).toEqual(['toString']);
    expect(Object.getOwnPropertyDescriptor(result.variables.collection.set, '__proto__')?.value).toEqual({ i: 1 });
    expect(result.tests).toEqual([{ name: 'constructor', passed: true }]);
  });

  it('reads them from the input scopes', async () => {
    const environment = JSON.parse('{"constructor": "c", "__proto__": "p", "toString": "t"}') as Record<string, string>;
    const result = await run(`console.log(pm.environment.get('constructor'), pm.environment.get('__proto__'), pm.variables.get('toString'), environment.__proto__ === 'p');`, { environment });
    expect(result.errors).toEqual([]);
    expect(result.console[0]!.text).toBe('c p t true');
  });
});
