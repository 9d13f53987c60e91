/**
 * Resolves in a task of its own (after the current one and what is queued before it): how long
 * work on the page gives the main thread back between its slices.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
