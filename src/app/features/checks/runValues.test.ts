import { describe, expect, it } from 'vitest';
import { substituteVariables } from '../../../core';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { rememberTypedRunValues, scriptVariablesOf } from './variableWrites';

describe("the page's run values and names like Object.prototype members", () => {
  it('keeps __proto__, constructor and toString as ordinary names, set, resolved, secret and unset', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `run-values-test-${Math.random()}` });
    // Nothing set yet: none of them is a run value, and {{constructor}} stays unresolved.
    expect(Object.keys(store.getState().runValues)).toEqual([]);
    expect(substituteVariables('{{constructor}} {{toString}}', activeEnvironmentValues(store.getState())).unresolved).toEqual(['constructor', 'toString']);
    store.getState().writeRunValues({ __proto__: 'p-value', constructor: 'c-value', toString: 't-value' } as unknown as Record<string, string>, ['constructor', 'hasOwnProperty']);
    // An object literal's __proto__ key sets its prototype; written as an own property it is a name like the others.
    store.getState().writeRunValues(Object.fromEntries([['__proto__', 'p-value']]));
    const { runValues, runSecretNames } = store.getState();
    expect(Object.entries(runValues)).toEqual([['constructor', 'c-value'], ['toString', 't-value'], ['__proto__', 'p-value']]);
    // A secret name with no value is not kept because Object.prototype happens to have it.
    expect(runSecretNames).toEqual(['constructor']);
    expect(substituteVariables('{{__proto__}} {{constructor}} {{toString}}', activeEnvironmentValues(store.getState())).text).toBe('p-value c-value t-value');
    expect(scriptVariablesOf(store.getState(), store.getState().activeTabId).local).toEqual(Object.fromEntries([['constructor', 'c-value'], ['toString', 't-value'], ['__proto__', 'p-value']]));
    store.getState().writeRunValues({ constructor: undefined } as unknown as Record<string, string | undefined>);
    expect(store.getState().runSecretNames).toEqual([]);
    expect(Object.hasOwn(store.getState().runValues, 'constructor')).toBe(false);
  });
});

describe("the page's scripts and Postman's typed variables", () => {
  it('reads number and boolean variables back typed while they hold their text; {{name}} stays text', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `typed-values-test-${Math.random()}` });
    const environment = { id: 'env-typed', name: 'Typed', variables: [
      { id: 'v1', enabled: true, secret: false, name: 'count', value: '3', type: 'number' as const },
      { id: 'v2', enabled: true, secret: false, name: 'flag', value: 'true', type: 'boolean' as const },
      { id: 'v3', enabled: true, secret: false, name: 'odd', value: 'x', type: 'number' as const },
      { id: 'v4', enabled: true, secret: false, name: 'text', value: '7' },
    ] };
    const state = { ...store.getState(), environments: [environment], activeEnvironmentId: environment.id };
    expect(scriptVariablesOf(state, state.activeTabId).environment).toEqual({ count: 3, flag: true, odd: 'x', text: '7' });
    expect(substituteVariables('{{count}}/{{flag}}', activeEnvironmentValues(state)).text).toBe('3/true');
  });
});

describe("pm.globals on the page", () => {
  it('a value one script sets with pm.globals is pm.globals (typed) in the next, below the environment in pm.variables', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `globals-test-${Math.random()}` });
    const empty = { set: {}, unset: [] };
    // What recordScript does with a run's result: the write lands in the run scope, its type and scope are remembered.
    rememberTypedRunValues({ tests: [], console: [], errors: [], durationMs: 0, variables: { environment: empty, collection: empty, local: { set: { mine: 'm' }, unset: [] }, globals: { set: { token: 't-1', count: 2 }, unset: [] } } });
    store.getState().writeRunValues({ token: 't-1', count: '2', mine: 'm' });
    const variables = scriptVariablesOf(store.getState(), store.getState().activeTabId);
    expect(variables.globals).toEqual({ token: 't-1', count: 2 });
    expect(variables.local).toEqual({ mine: 'm' });
    // Written later by pm.variables, the name is the script's local value again.
    rememberTypedRunValues({ tests: [], console: [], errors: [], durationMs: 0, variables: { environment: empty, collection: empty, globals: empty, local: { set: { token: 'local' }, unset: [] } } });
    store.getState().writeRunValues({ token: 'local' });
    const after = scriptVariablesOf(store.getState(), store.getState().activeTabId);
    expect(after.globals).toEqual({ count: 2 });
    expect(after.local).toEqual({ token: 'local', mine: 'm' });
  });
});
