/**
 * How the requests of one exchange came about, in the words every part of the inspector
 * uses for them (the status line, Timing, the request as sent): a hop is a redirect the
 * relay followed or a Digest challenge it answered, and a challenge round is never called a
 * redirect. One function, so the status line and Timing cannot count differently.
 */
import type { RelayHop } from './protocol';

/** The requests of an exchange, counted by why each was sent, with the sentences that name them. */
export interface HopsStory {
  /** Requests sent in all: the hops and the final one. */
  requests: number;
  /** Hops that followed a 3xx. */
  redirects: number;
  /** Hops that answered a Digest challenge. */
  challenges: number;
  /** `1 request`, `3 requests (2 redirects followed)`, `2 requests (1 Digest challenge answered)`. */
  overview: string;
  /** The heading over the list of requests: `Redirect chain (2)` or `Requests of the exchange (2)`. */
  heading: string;
  /** The accessible name of that list. */
  listLabel: string;
  /** The status line's marker for redirects (`1 redirect`), when any were followed. */
  redirectMarker?: string;
  /** The status line's marker for challenge rounds (`Digest: 2 requests`), when any were answered. */
  challengeMarker?: string;
  /** Where the earlier requests are, for the request as sent: `the redirect chain is under Timing`. */
  whereEarlier: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The story of `hops` (the relay's hops of one exchange, the final request not among them). */
export function describeHops(hops: readonly Pick<RelayHop, 'kind'>[]): HopsStory {
  if (!Array.isArray(hops)) throw new TypeError(`describeHops expects an array of hops, got ${hops === null ? 'null' : typeof hops}`);
  const challenges = hops.filter((h) => h.kind === 'digest').length;
  const redirects = hops.length - challenges;
  const requests = hops.length + 1;
  const why = [redirects ? `${plural(redirects, 'redirect')} followed` : '', challenges ? `${plural(challenges, 'Digest challenge')} answered` : ''].filter(Boolean);
  const onlyRedirects = challenges === 0;
  return {
    requests,
    redirects,
    challenges,
    overview: why.length ? `${plural(requests, 'request')} (${why.join(', ')})` : plural(requests, 'request'),
    heading: onlyRedirects ? `Redirect chain (${redirects})` : `Requests of the exchange (${requests})`,
    listLabel: onlyRedirects ? 'Requests of the redirect chain' : 'Requests of the exchange',
    ...(redirects ? { redirectMarker: plural(redirects, 'redirect') } : {}),
    ...(challenges ? { challengeMarker: `Digest: ${plural(requests, 'request')}` } : {}),
    whereEarlier: onlyRedirects ? 'the redirect chain is under Timing' : 'each request is under Timing',
  };
}
