import { describe, expect, it } from 'vitest';
import { describeCookieReport } from './cookieReport';

describe('describeCookieReport', () => {
  it('is quiet when the jar neither sent nor received anything', () => {
    expect(describeCookieReport(undefined)).toBeUndefined();
    expect(describeCookieReport({ sent: [], sameSite: 'strict', outcomes: [] })).toBeUndefined();
  });

  it('says in one line what went and what became of each Set-Cookie, and why one was rejected', () => {
    const view = describeCookieReport({
      sent: ['sid'],
      sameSite: 'strict',
      outcomes: [
        { name: 'prefs', result: 'stored', domain: 'example.com', path: '/' },
        { name: 'bad', result: 'rejected', reason: 'SameSite=None needs Secure.' },
        { name: 'old', result: 'deleted', domain: 'example.com', path: '/' },
      ],
    });
    expect(view?.line).toBe('Cookies: sent sid · stored prefs · deleted old · rejected bad');
    expect(view?.outcomes.map((o) => `${o.name} ${o.text}`)).toEqual([
      'prefs stored for example.com/',
      'bad rejected: SameSite=None needs Secure.',
      'old deleted for example.com/ (its expiry is in the past)',
    ]);
  });

  it('reads a cookie stored again by a later hop of the chain as replaced', () => {
    const seen = new Set<string>();
    const first = describeCookieReport({ sent: [], sameSite: 'strict', outcomes: [{ name: 'sid', result: 'stored', domain: 'a.test', path: '/' }] }, seen);
    const second = describeCookieReport({ sent: ['sid'], sameSite: 'strict', outcomes: [{ name: 'sid', result: 'stored', domain: 'a.test', path: '/' }, { name: 'sid', result: 'stored', domain: 'a.test', path: '/app' }] }, seen);
    expect(first?.line).toBe('Cookies: stored sid');
    expect(second?.line).toBe('Cookies: sent sid · stored sid · replaced sid');
  });

  it('names an unreadable line instead of leaving the name empty', () => {
    expect(describeCookieReport({ sent: [], sameSite: 'lax', outcomes: [{ name: '', result: 'rejected', reason: 'No name=value pair.' }] })?.line).toBe('Cookies: rejected (unreadable line)');
  });
});
