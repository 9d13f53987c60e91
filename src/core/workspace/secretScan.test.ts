import { describe, expect, it } from 'vitest';
import { findSecretSpans, mergeSpans, replaceSecretSpans, replaceSpans } from './secretScan';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLWFjY2Vzcw';
const GITHUB = `ghp_${'a1B2c3D4e5'.repeat(4)}`;

/** The text with each found span written `[kind]`, so a case reads as one line. */
function marked(text: string): string {
  return replaceSecretSpans(text, (_value, span) => `[${span.kind}]`);
}

describe('credentials inside longer text', () => {
  it('finds each issuer-prefixed token where it stands', () => {
    expect(marked(`your token ${GITHUB}.`)).toBe('your token [a GitHub token].');
    expect(marked(`pat=github_pat_${'A1_b2'.repeat(6)} ok`)).toBe('pat=[a GitHub token] ok');
    expect(marked('slack xoxb-1234567890-abcdefghij end')).toBe('slack [a Slack token] end');
    expect(marked('key: sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe('key: [a Stripe key]');
    expect(marked(`"sk-${'x9'.repeat(12)}"`)).toBe('"[an OpenAI-style secret key]"');
    expect(marked('glpat-abcdefghij1234567890 then')).toBe('[a GitLab token] then');
    expect(marked('id AKIAIOSFODNN7EXAMPLE.')).toBe('id [an AWS access key].');
    expect(marked(`k=AIza${'B'.repeat(35)}&x=1`)).toBe('k=[a Google API key]&x=1');
  });

  it('finds a JWT (and a five-part JWE) and leaves the sentence around it', () => {
    expect(marked(`token: ${JWT}. Next line`)).toBe('token: [a JSON Web Token]. Next line');
    expect(marked(`x ${JWT}.ZW5j.dGFn y`)).toBe('x [a JSON Web Token] y');
  });

  it('masks the credential of an Authorization scheme but keeps the scheme word', () => {
    expect(marked('Authorization: Bearer abc123def456ghi')).toBe('Authorization: Bearer [an Authorization credential]');
    expect(marked('sent Basic dXNlcjpwYXNz to it')).toBe('sent Basic [an Authorization credential] to it');
    expect(marked(`Bearer ${JWT}`)).toBe('Bearer [a JSON Web Token]');
  });

  it('leaves prose that only looks near a credential', () => {
    for (const prose of ['Basic authentication is required', 'token validation failed', 'Bearer realm="api", error="invalid_token"', 'a risk-based-authentication-flow-here', 'task-management-dashboard-v2', 'AKIAIOSFODNN7EXAMPLEX is too long'])
      expect(findSecretSpans(prose)).toEqual([]);
  });

  it('joins overlapping spans and replaces spans in order', () => {
    expect(mergeSpans([{ from: 5, to: 9 }, { from: 0, to: 3 }, { from: 2, to: 6 }])).toEqual([{ from: 0, to: 9 }]);
    expect(replaceSpans('abcdef', [{ from: 1, to: 3 }], (value) => value.toUpperCase())).toBe('aBCdef');
    expect(() => replaceSpans('abc', [{ from: 2, to: 9 }], () => '')).toThrow(RangeError);
  });

  // No timing is asserted (the suite must hold on a loaded machine): a backtracking pattern would not finish within the test's timeout on these texts.
  it('finishes on text built to make a pattern backtrack', () => {
    const half = 200_000;
    for (const text of ['eyJ'.repeat(half), `eyJ${'a'.repeat(half)}.${'b'.repeat(half)}`, 'ghp_'.repeat(half), 'Bearer '.repeat(half), 'sk-'.repeat(half), 'a'.repeat(half * 3)]) {
      expect(Array.isArray(findSecretSpans(text))).toBe(true);
    }
  }, 60_000);
});
