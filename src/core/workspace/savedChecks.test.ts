import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { Assertion, Capture } from '../run/types';
import type { Collection } from './model';
import { storedWorkspaceRecord, validateWorkspaceRecord } from './schema';

/** Saved requests keep their captures and assertions (issue 18), validated on load like `scripts`. */
const captures: Capture[] = [
  { id: 'c1', variable: 'token', scope: 'environment', from: { kind: 'jsonpath', path: '$.access_token' }, secret: true },
  { id: 'c2', variable: 'csrf', scope: 'run', from: { kind: 'regex', pattern: 'value="([^"]+)"', flags: 'i', group: 1 }, enabled: false },
  { id: 'c3', variable: 'sid', scope: 'collection', from: { kind: 'cookie', name: 'sid' } },
];
const assertions: Assertion[] = [
  { id: 'a1', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '201' },
  { id: 'a2', kind: 'compare', subject: { kind: 'header', name: 'Location' }, operator: 'exists' },
  { id: 'a3', kind: 'compare', subject: { kind: 'xpath', expression: '//m:Id' }, operator: 'length', expected: '>= 1' },
  { id: 'a4', kind: 'json-schema', schema: '{"type": "object"}', enabled: false },
  { id: 'a5', kind: 'conforms', strict: true },
];
const collection: Collection = {
  id: 'col',
  name: 'Shop',
  variables: [],
  items: [{ kind: 'request', id: 'r', name: 'Create order', requestType: 'http', draft: normaliseDraft({ method: 'POST', url: 'https://shop.test/orders' }), captures, assertions }],
};
const stored = () => JSON.parse(JSON.stringify(storedWorkspaceRecord('collection', collection)));

describe('saved captures and assertions', () => {
  it('load as they were stored', () => {
    expect(validateWorkspaceRecord('collection', stored())).toEqual({ ok: true, value: collection });
  });

  it.each<[string, (raw: { items: { captures: Record<string, unknown>[]; assertions: Record<string, unknown>[] }[] }) => void]>([
    ['a capture into an unknown scope', (raw) => (raw.items[0]!.captures[0]!.scope = 'global')],
    ['a capture from an unknown subject', (raw) => (raw.items[0]!.captures[0]!.from = { kind: 'trailer', name: 'x' })],
    ['a negative regex group', (raw) => (raw.items[0]!.captures[1]!.from = { kind: 'regex', pattern: 'x', group: -1 })],
    ['an unknown operator', (raw) => (raw.items[0]!.assertions[0]!.operator = '===')],
    ['an unknown assertion kind', (raw) => (raw.items[0]!.assertions[4]!.kind = 'magic')],
    ['a schema that is not text', (raw) => (raw.items[0]!.assertions[3]!.schema = { type: 'object' })],
    ['an assertion without an id', (raw) => (raw.items[0]!.assertions[0]!.id = '')],
  ])('refuse %s', (_name, spoil) => {
    const raw = stored();
    spoil(raw);
    expect(validateWorkspaceRecord('collection', raw).ok).toBe(false);
  });

  it('are optional', () => {
    const raw = stored();
    delete raw.items[0].captures;
    delete raw.items[0].assertions;
    const loaded = validateWorkspaceRecord('collection', raw);
    expect(loaded.ok && loaded.value.items[0]).not.toHaveProperty('captures');
  });
});
