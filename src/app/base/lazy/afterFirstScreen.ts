import { useEffect, useState } from 'react';

/**
 * Runs `work` once the first screen is up and the page is idle (at the latest after
 * `timeoutMs`): how code the first screen does not need (the workspace session, the
 * vault, the lessons) is fetched without competing with the URL field becoming usable.
 * Returns a cancel function.
 */
export function afterFirstScreen(work: () => void, timeoutMs = 1500): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}

/** False until the first screen is up and the page idle, then true: for parts that may wait. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  return ready;
}
