import { describe, expect, it } from 'vitest';
import { describeHops } from './hopsStory';

const hops = (kinds: string) => [...kinds].map((k) => (k === 'd' ? { kind: 'digest' as const } : k === 'r' ? { kind: 'redirect' as const } : {}));

describe('describeHops: redirects and challenge rounds, each by its name', () => {
  it('one request: nothing to list', () => {
    expect(describeHops([])).toMatchObject({ requests: 1, redirects: 0, challenges: 0, overview: '1 request', heading: 'Redirect chain (0)' });
    expect(describeHops([]).redirectMarker).toBeUndefined();
  });

  it('redirects (a hop without kind is a redirect, as the relay reported before kinds)', () => {
    expect(describeHops(hops('r_'))).toEqual({
      requests: 3,
      redirects: 2,
      challenges: 0,
      overview: '3 requests (2 redirects followed)',
      heading: 'Redirect chain (2)',
      listLabel: 'Requests of the redirect chain',
      redirectMarker: '2 redirects',
      whereEarlier: 'the redirect chain is under Timing',
    });
  });

  it('a Digest challenge round is no redirect', () => {
    const story = describeHops(hops('d'));
    expect(story).toMatchObject({ requests: 2, redirects: 0, challenges: 1, overview: '2 requests (1 Digest challenge answered)', heading: 'Requests of the exchange (2)', listLabel: 'Requests of the exchange', challengeMarker: 'Digest: 2 requests', whereEarlier: 'each request is under Timing' });
    expect(story.redirectMarker).toBeUndefined();
    expect(Object.values(story).filter((v) => typeof v === 'string').join(' ')).not.toMatch(/redirect/i);
  });

  it('both: each counted apart', () => {
    expect(describeHops(hops('rd')).overview).toBe('3 requests (1 redirect followed, 1 Digest challenge answered)');
    expect(() => describeHops(null as never)).toThrow(TypeError);
  });
});
