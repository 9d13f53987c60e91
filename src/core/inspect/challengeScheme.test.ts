import { describe, expect, it } from 'vitest';
import { authSchemeForChallenge } from './challengeScheme';

describe('authSchemeForChallenge', () => {
  it('maps schemes the composer knows, in any case', () => {
    expect(authSchemeForChallenge('Basic')).toBe('basic');
    expect(authSchemeForChallenge('BEARER')).toBe('bearer');
    expect(authSchemeForChallenge('JWT')).toBe('jwt');
  });

  it('answers other schemes with the custom scheme, never with none', () => {
    expect(authSchemeForChallenge('Negotiate')).toBe('custom');
    expect(authSchemeForChallenge('Digest')).toBe('digest');
    expect(authSchemeForChallenge('none')).toBe('custom');
  });
});
