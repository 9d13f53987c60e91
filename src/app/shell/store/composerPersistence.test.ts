import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../../../core';
import { composerPersistOptions, composerSnapshot, storableDraft, storableEnvironment, UNSTORED_AUTH_FIELDS } from './composerPersistence';
import { createWorkbenchStore } from './workbenchStore';

describe('what survives a reload', () => {
  it('blanks every secret auth field and custom auth-params, keeps the rest and the vault reference', () => {
    expect([...UNSTORED_AUTH_FIELDS].sort()).toEqual(['authKey', 'consumerSecret', 'credentials', 'key', 'params', 'password', 'secretAccessKey', 'sessionToken', 'token', 'tokenSecret']);
    const draft = normaliseDraft({ url: 'http://h/', auth: { scheme: 'basic', vaultEntryId: 'v1', values: { username: 'ann', password: 'p', token: 't', key: 'k', headerName: 'X-Key' } } });
    expect(storableDraft(draft).auth).toEqual({ scheme: 'basic', vaultEntryId: 'v1', values: { username: 'ann', password: '', token: '', key: '', headerName: 'X-Key' } });
    expect(draft.auth.values.password).toBe('p');
  });

  it('blanks secret environment variables only', () => {
    const env = storableEnvironment({ id: 'e', name: 'dev', variables: [{ id: 'a', name: 'base', value: 'http://h', enabled: true, secret: false }, { id: 'b', name: 'token', value: 't', enabled: true, secret: true }] });
    expect(env.variables.map((v) => v.value)).toEqual(['http://h', '']);
  });

  it('restores tabs (not environments) into a new store, and ignores an unreadable snapshot', async () => {
    const name = `test-${Math.random()}`;
    const first = createWorkbenchStore({ initialUrl: 'http://h/one', persistName: name });
    first.getState().updateDraft((d) => ({ ...d, method: 'PATCH', auth: { scheme: 'bearer', values: { token: 'secret' } } }));
    first.getState().newTab({ url: 'http://h/two' });
    first.getState().addEnvironment('dev', [{ name: 'base', value: 'http://h', enabled: true, secret: false }]);
    const second = createWorkbenchStore({ persistName: name });
    await Promise.resolve();
    const state = second.getState();
    expect(state.tabs.map((t) => t.draft.url)).toEqual(['http://h/one', 'http://h/two']);
    expect(state.draft.url).toBe('http://h/two');
    expect(state.tabs[0]!.draft.method).toBe('PATCH');
    // Stored as a reference, never as the value; this page's secret keeper puts it back.
    const stored = JSON.stringify(composerSnapshot(first.getState()));
    expect(stored).not.toContain('"secret"');
    expect(stored).toContain('{{secret:');
    expect(state.tabs[0]!.draft.auth.values.token).toBe('secret');
    // Environments are stored with the workspace (IndexedDB), not in this snapshot.
    expect(state.environments).toEqual([]);
    const merged = composerPersistOptions().merge!({ tabs: 'nonsense' }, state);
    expect(merged).toBe(state);
  });
});
