import { describe, expect, it } from 'vitest';
import { wireResponse } from '../http/exchangeFixtures';
import type { Finding } from '../http/finding';
import { checkConforms, conformanceFailures, explainExchangeView } from './conforms';
import { exchangeView } from './exchangeView';

const now = new Date('2026-06-01T00:00:00Z');
const view = (status: number, headers: string[] = [], body?: string) =>
  exchangeView({ request: { method: 'GET', url: 'https://api.test/me', headers: [] }, response: wireResponse(status, headers, body) });
const conforms = (v: ReturnType<typeof view>, strict = false) => checkConforms(explainExchangeView(v, now), strict);

describe('checkConforms on real explanations', () => {
  it('passes a 200 and a 401 that carries a challenge', () => {
    expect(conforms(view(200, ['Content-Type: text/plain'], 'ok'))).toEqual({ passed: true });
    expect(conforms(view(401, ['WWW-Authenticate: Bearer realm="api"']))).toEqual({ passed: true });
  });

  it('does not count the status summary: an expected 404 conforms', () => {
    expect(conforms(view(404))).toEqual({ passed: true });
  });

  it('fails a 401 without a challenge, naming the finding', () => {
    expect(conforms(view(401))).toEqual({ passed: false, actual: '1 finding', message: '1 finding against the conventions: 401 without WWW-Authenticate (error).' });
  });
});

describe('conformanceFailures', () => {
  const finding = (id: string, severity: Finding['severity']): Finding => ({ id, severity, title: id, message: '' });
  const findings = [finding('status', 'error'), finding('a', 'error'), finding('b', 'warning'), finding('c', 'info'), finding('d', 'success')];
  it.each<[boolean, string[]]>([
    [false, ['a']],
    [true, ['a', 'b']],
  ])('strict %s → %j', (strict, ids) => {
    expect(conformanceFailures(findings, strict).map((f) => f.id)).toEqual(ids);
  });
  it('lists every failing title', () => {
    expect(checkConforms(findings, true).message).toBe('2 findings against the conventions: a (error); b (warning).');
  });
});
