import { describe, expect, it } from 'vitest';
import { explainAudience } from './audience';

const codes = (e: ReturnType<typeof explainAudience>) => e.findings.map((f) => f.code);

describe('explainAudience (spec §5 rule 4)', () => {
  it('always says what aud and client_id mean and that they differ', () => {
    const e = explainAudience({ aud: 'https://api.example.com' });
    expect(e.audiences).toEqual(['https://api.example.com']);
    expect(codes(e)).toEqual(['aud-meaning']);
    expect(e.text).toContain('"aud" names the resource servers (APIs) that should accept this token');
    expect(e.text).toContain('"client_id" names the client application that requested it');
    expect(e.text).toContain('different values');
  });

  it('flags a missing aud', () => {
    const e = explainAudience({ sub: 'a' });
    expect(codes(e)).toContain('aud-missing');
    expect(e.findings.find((f) => f.code === 'aud-missing')?.severity).toBe('warning');
  });

  it('flags an empty aud array as missing', () => {
    expect(codes(explainAudience({ aud: [] }))).toContain('aud-missing');
  });

  it('explains an aud array', () => {
    const e = explainAudience({ aud: ['orders-api', 'billing-api'] });
    expect(e.audiences).toEqual(['orders-api', 'billing-api']);
    expect(e.findings.find((f) => f.code === 'aud-array')?.message).toContain('array of 2 audiences ("orders-api", "billing-api")');
  });

  it('refuses an aud that is neither string nor string array', () => {
    expect(explainAudience({ aud: 42 }).findings.find((f) => f.code === 'aud-invalid')?.severity).toBe('error');
    expect(codes(explainAudience({ aud: ['a', 1] }))).toContain('aud-invalid');
  });

  it('flags aud equal to the client id passed in', () => {
    const e = explainAudience({ aud: 'my-spa' }, 'my-spa');
    expect(e).toMatchObject({ clientId: 'my-spa', clientIdSource: 'argument' });
    expect(codes(e)).toContain('aud-equals-client-id');
    expect(e.text).toContain('ID token');
  });

  it('reads the client id from client_id, then azp', () => {
    expect(explainAudience({ aud: 'x', client_id: 'x' })).toMatchObject({ clientIdSource: 'client_id' });
    expect(codes(explainAudience({ aud: ['api', 'x'], azp: 'x' }))).toContain('aud-equals-client-id');
    expect(explainAudience({ aud: 'api', client_id: 'c', azp: 'z' }).clientId).toBe('c');
    expect(explainAudience({ aud: 'api', client_id: 'c' }, 'given').clientId).toBe('given');
  });

  it('does not flag a client id that differs from aud', () => {
    expect(codes(explainAudience({ aud: 'api', client_id: 'app' }))).not.toContain('aud-equals-client-id');
  });

  it('checks the expected audience', () => {
    const miss = explainAudience({ aud: ['a', 'b'] }, undefined, 'orders-api');
    expect(miss.findings.find((f) => f.code === 'aud-unexpected')).toMatchObject({ severity: 'error' });
    expect(miss.text).toContain('"orders-api" is not in "aud" ("a", "b")');
    expect(codes(explainAudience({ aud: ['a', 'orders-api'] }, undefined, 'orders-api'))).toContain('aud-matches');
    expect(explainAudience({}, undefined, 'api').text).toContain('not in "aud" (none)');
  });
});
