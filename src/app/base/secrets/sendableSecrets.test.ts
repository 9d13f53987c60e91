/**
 * Secrets belong to the selected auth scheme (issue 27 item 3): which kept-secret references
 * may block a send, and where each lost one is asked for.
 */
import { describe, expect, it } from 'vitest';
import { emptyDraft, keptSecretReferences, type RequestDraft } from '../../../core';
import { lostSecrets, sendableSecretScope, sendBlockedBySecrets } from './sendableSecrets';

const REF = '{{secret:tab-1.password}}';

function draftWith(patch: Partial<RequestDraft>): RequestDraft {
  return { ...emptyDraft('http://h/x'), ...patch };
}

describe('sendableSecretScope / lostSecrets', () => {
  it('ignores a lost password in the Basic form once "No auth" is selected', () => {
    const draft = draftWith({ auth: { scheme: 'none', values: { username: 'ann', password: REF } } });
    expect(keptSecretReferences(sendableSecretScope(draft, {}))).toEqual([]);
    expect(lostSecrets(draft, {}, {})).toEqual([]);
  });

  it('asks for it, by field, when Basic is selected, unless the keeper has it', () => {
    const draft = draftWith({ auth: { scheme: 'basic', values: { username: 'ann', password: REF } } });
    expect(lostSecrets(draft, {}, {})).toEqual([{ reference: 'secret:tab-1.password', place: { section: 'auth', field: 'password', label: 'Password' } }]);
    expect(lostSecrets(draft, {}, { 'secret:tab-1.password': 'pw' })).toEqual([]);
  });

  it("ignores another scheme's field sharing the record (a bearer token while Basic is selected)", () => {
    const draft = draftWith({ auth: { scheme: 'basic', values: { username: 'ann', password: 'typed', token: '{{secret:tab-1.token}}' } } });
    expect(lostSecrets(draft, {}, {})).toEqual([]);
  });

  it('names disabled headers never, enabled ones by row; variables only when the request uses them', () => {
    const draft = draftWith({
      url: 'http://h/{{path}}',
      headers: [
        { id: 'h1', enabled: false, name: 'X-Old', value: '{{secret:tab-1.X-Old}}' },
        { id: 'h2', enabled: true, name: 'Authorization', value: '{{secret:tab-1.Authorization}}' },
      ],
    });
    const env = { path: 'orders/{{token}}', token: '{{secret:env.token}}', unused: '{{secret:env.unused}}' };
    expect(lostSecrets(draft, env, {}).map((l) => l.place)).toEqual([
      { section: 'headers', rowId: 'h2', name: 'Authorization' },
      { section: 'variable', name: 'token' },
    ]);
    expect(keptSecretReferences(sendableSecretScope(draft, env)).sort()).toEqual(['secret:env.token', 'secret:tab-1.Authorization']);
  });

  it("reads only the body of the request's kind", () => {
    const texts = { json: '{"password":"{{secret:tab-1.body}}"}', xml: '', text: '' };
    const none = draftWith({ body: { ...emptyDraft().body, kind: 'none', texts } });
    expect(lostSecrets(none, {}, {})).toEqual([]);
    const json = draftWith({ body: { ...emptyDraft().body, kind: 'json', texts } });
    expect(lostSecrets(json, {}, {}).map((l) => l.place)).toEqual([{ section: 'body' }]);
  });
});

describe('sendBlockedBySecrets: the Send button says where, once', () => {
  it('points to the field to type the lost secret in', () => {
    const draft = draftWith({ auth: { scheme: 'basic', values: { password: REF } } });
    expect(sendBlockedBySecrets(lostSecrets(draft, {}, {}), false)).toBe('Type the password again in the Auth tab (it was kept only in the memory of a tab that has closed).');
  });
  it('says to unlock the vault when they are sealed in it', () => {
    const draft = draftWith({ auth: { scheme: 'bearer', values: { token: '{{secret:tab-1.token}}' } } });
    expect(sendBlockedBySecrets(lostSecrets(draft, {}, {}), true)).toMatch(/^The access token is sealed in the vault, which is locked\. Unlock the vault/);
  });
});

describe("the composer's view of a lost secret", () => {
  it('does not list a kept-secret reference as an unresolved variable (its field asks for it)', async () => {
    const { composerView } = await import('../../features/composer/composerModel');
    const view = composerView(draftWith({ auth: { scheme: 'basic', values: { username: 'ann', password: REF } } }), {});
    expect(view.build.ok && view.build.value.unresolved).toEqual([]);
  });
});
