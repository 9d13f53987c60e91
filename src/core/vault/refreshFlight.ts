/**
 * One refresh in flight per entry. When several requests find the token expiring at the
 * same moment, they must not each exchange the refresh token: with rotation, the second
 * exchange would present a token the first one already used, and the server would treat it
 * as reuse and revoke the whole grant. So callers for the same key share one promise.
 */

/** Shares one running task per key among concurrent callers. */
export class RefreshFlights<T> {
  readonly #flying = new Map<string, Promise<T>>();

  /**
   * Runs `start` for `key`, or joins the run already in flight for it. The run is
   * forgotten once it settles, so the next call after that starts afresh. `start` is
   * called at most once per flight; if it throws, every joined caller sees that error.
   */
  run(key: string, start: () => Promise<T>): Promise<T> {
    const existing = this.#flying.get(key);
    if (existing) return existing;
    const flight = (async () => start())().finally(() => {
      if (this.#flying.get(key) === flight) this.#flying.delete(key);
    });
    this.#flying.set(key, flight);
    return flight;
  }

  /**
   * Resolves once every run in flight now has settled (never rejects). Locking waits for
   * this, so a refresh token rotated mid-flight is stored before the key is dropped.
   */
  async whenIdle(): Promise<void> {
    await Promise.allSettled([...this.#flying.values()]);
  }

  /** Whether a run for `key` has not settled yet. */
  isFlying(key: string): boolean {
    return this.#flying.has(key);
  }
}
