import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch } from './fuzzyMatch';

describe('fuzzyMatch', () => {
  it('matches characters in order, case-insensitively, and refuses out-of-order ones', () => {
    expect(fuzzyMatch('nwtb', 'New tab')?.positions).toEqual([0, 2, 4, 6]);
    expect(fuzzyMatch('bat', 'New tab')).toBeUndefined();
    expect(fuzzyMatch('', 'anything')).toEqual({ score: 0, positions: [] });
  });

  it('ranks substrings and word starts first', () => {
    const items = ['Cancel the request being sent', 'New tab', 'Close tab', 'Toggle sidebar'];
    expect(fuzzyFilter(items, 'tab', (s) => s).map((r) => r.item)).toEqual(['New tab', 'Close tab']);
    expect(fuzzyFilter(items, 'nt', (s) => s)[0]?.item).toBe('New tab');
    expect(fuzzyFilter(items, 'sidebar', (s) => s).map((r) => r.item)).toEqual(['Toggle sidebar']);
  });

  it('finds a saved request by method and path fragments', () => {
    const requests = ['GET users/{id} — Users API', 'POST orders — Shop', 'DELETE orders/{id} — Shop'];
    expect(fuzzyFilter(requests, 'post ord', (s) => s)[0]?.item).toBe('POST orders — Shop');
    expect(fuzzyFilter(requests, 'delord', (s) => s).map((r) => r.item)).toEqual(['DELETE orders/{id} — Shop']);
  });
});

describe('a query of several words', () => {
  it('prefers an item where a word of the query starts a word of the text', () => {
    const items = ['Lesson: A cookie login: the session is set on the redirect', 'Lesson: Basic with a colon in the password'];
    expect(fuzzyFilter(items, 'lsn colon', (s) => s)[0]!.item).toBe('Lesson: Basic with a colon in the password');
  });
});
