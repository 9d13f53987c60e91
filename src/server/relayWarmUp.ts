/**
 * Sends a few requests through the relay to this server's own sandbox right after start,
 * the way the page would. The first exchange through a fresh process pays for loading and
 * compiling the relay's code paths (tens of milliseconds, measured at 71 ms against 1 ms
 * warm), and that cost would land in the timings of the person's first request — shown as
 * "content download" in the waterfall of a 548-byte answer. A teaching tool should not
 * explain its own start-up as network time.
 */
import { callRelay } from '../relay/relayClient';

/** The exchanges made: a plain GET, a POST with a JSON body, and a gzip-encoded answer. */
const WARM_UP_EXCHANGES = [
  { method: 'GET', path: '/sandbox/anything', body: undefined },
  { method: 'POST', path: '/sandbox/anything', body: '{"warm":true}' },
  { method: 'GET', path: '/sandbox/gzip', body: undefined },
] as const;

/**
 * Runs the warm-up exchanges against `origin` (the server's own loopback address) with the
 * launch token, twice each. Never throws: a failure only means the first real request is
 * slower. Resolves with how many exchanges came back with a summary.
 */
export async function warmUpRelay(origin: string, token: string): Promise<number> {
  let completed = 0;
  for (let round = 0; round < 2; round++) {
    for (const exchange of WARM_UP_EXCHANGES) {
      try {
        const body = exchange.body === undefined ? undefined : Buffer.from(exchange.body);
        const headers = body ? [{ name: 'Content-Type', value: 'application/json' }] : [];
        const result = await callRelay({ method: exchange.method, url: `${origin}${exchange.path}`, headers }, { base: origin, token, body });
        if (result.summary) completed++;
      } catch {
        // Nothing to do: the workbench works the same, its first request is just slower.
      }
    }
  }
  return completed;
}
