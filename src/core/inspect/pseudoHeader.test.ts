import { describe, expect, it } from 'vitest';
import { EXPLAINED_PSEUDO_HEADERS, explainPseudoHeader } from './pseudoHeader';

describe('explainPseudoHeader', () => {
  it('explains each request pseudo-header and :status with RFC 9113 §8.3', () => {
    expect(EXPLAINED_PSEUDO_HEADERS).toEqual(expect.arrayContaining([':method', ':scheme', ':authority', ':path', ':status']));
    for (const name of [':method', ':scheme', ':authority', ':path']) {
      expect(explainPseudoHeader({ name, value: 'x' })?.reference).toBe('RFC 9113 §8.3.1');
    }
    expect(explainPseudoHeader({ name: ':authority', value: 'api.example:8443' })?.summary).toMatch(/replaces the Host header/);
  });

  it(':status says HTTP/2 has no reason phrase and names the registered one as a name only', () => {
    const status = explainPseudoHeader({ name: ':status', value: '404' })!;
    expect(status.summary).toBe('The status code, 404. HTTP/2 sends it alone: there is no version and no reason phrase on the wire (“Not Found” is only the code\'s registered name).');
    expect(status.reference).toBe('RFC 9113 §8.3.2');
    expect(status.verdict).toBeUndefined();
  });

  it('has nothing to say about an unknown pseudo-header, and refuses a non-field', () => {
    expect(explainPseudoHeader({ name: ':weird', value: '1' })).toBeUndefined();
    expect(() => explainPseudoHeader(null as never)).toThrow(TypeError);
  });
});
