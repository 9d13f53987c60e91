/**
 * The sandbox's clock. Token lifetimes, WS-Security `Created` windows and the rate limiter
 * read time from here, so a test can move time forward instead of sleeping.
 */

/** Milliseconds since the epoch, as the sandbox sees it. */
let now: () => number = Date.now;

/** The current time in milliseconds. */
export function sandboxNow(): number {
  return now();
}

/**
 * Replaces the clock (tests); call without an argument to go back to the real one.
 * Affects every sandbox router in this process.
 */
export function setSandboxClock(clock?: () => number): void {
  if (clock !== undefined && typeof clock !== 'function') throw new TypeError('setSandboxClock expects a function returning milliseconds');
  now = clock ?? Date.now;
}
