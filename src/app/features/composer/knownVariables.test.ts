/**
 * Variables the run knows are known (issue 27 item 5): run variables resolve in the composer's
 * view as at send, names the request's own pre-request scripts set are not "unresolved", and
 * secret run values are masked in What will be sent.
 */
import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../../../core';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { composerView, sendGateReasons } from './composerModel';
import { maskRunSecrets, runVariablesUsed, scriptSetNames } from './knownVariables';

describe('scriptSetNames', () => {
  it('finds the names pre-request scripts set, in every scope, and not those of post-response scripts', () => {
    const scripts = [
      { phase: 'pre-request' as const, dialect: 'postman', text: "pm.variables.set('ts', Date.now());\npm.environment.set(\"token\", 'x');\npm.collectionVariables.set(`page`, 2); pm.globals.set('g', 1);\npostman.setEnvironmentVariable('old', 1)" },
      { phase: 'post-response' as const, dialect: 'postman', text: "pm.variables.set('later', 1)" },
    ];
    expect(scriptSetNames({ scripts })).toEqual(['ts', 'token', 'page', 'g', 'old']);
  });
});

describe("the composer's view of run variables and script-set names", () => {
  it('resolves a captured run variable with its value, not as an unresolved name, and asks nothing about it', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/orders/{{newOrderId}}', persistName: `test-${Math.random()}` });
    const before = composerView(store.getState().draft, activeEnvironmentValues(store.getState()));
    expect(before.build.ok && before.build.value.variableProblems.map((p) => p.name)).toEqual(['newOrderId']);
    store.getState().writeRunValues({ newOrderId: 'ord-42' });
    const view = composerView(store.getState().draft, activeEnvironmentValues(store.getState()));
    expect(view.build.ok && view.build.value.wire.url).toBe('http://h/orders/ord-42');
    expect(sendGateReasons(view, 'tab')).toEqual([]);
    expect(runVariablesUsed(store.getState().draft, store.getState().runValues)).toEqual(['newOrderId']);
  });

  it('counts a name the pre-request script sets as set at send, not unresolved', () => {
    const draft = normaliseDraft({ method: 'GET', url: 'http://h/?ts={{ts}}&q={{missing}}' });
    const plain = composerView(draft, {});
    expect(sendGateReasons(plain, 'tab').map((r) => r.message)).toHaveLength(2);
    const view = composerView(draft, {}, undefined, undefined, ['ts']);
    expect(view.setAtSend).toEqual(['ts']);
    const reasons = sendGateReasons(view, 'tab');
    expect(reasons).toHaveLength(1);
    expect(reasons[0]!.message).toContain('missing');
  });
});

describe('maskRunSecrets', () => {
  it('masks the values of secret run variables only', () => {
    const text = 'GET /x?token=tok-secret-123&id=ord-42 HTTP/1.1';
    expect(maskRunSecrets(text, { token: 'tok-secret-123', id: 'ord-42' }, ['token'], () => '••••')).toBe('GET /x?token=••••&id=ord-42 HTTP/1.1');
  });
});
