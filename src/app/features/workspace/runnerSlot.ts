/**
 * The tree's Run… item opens the collection runner, which sits above the workspace (it runs
 * the workspace's requests): the shell hands the opener over at start-up
 * (`shell/composition.tsx`), so the workspace imports nothing of the runner.
 */

/** What a run is of: a collection, or one folder in it. */
export interface RunnerTarget {
  collectionId: string;
  folderId?: string;
}

let opener: (target: RunnerTarget) => void = () => {};

/** Sets what Run… does (the shell: the runner's `openRunner`). */
export function provideRunnerOpener(open: (target: RunnerTarget) => void): void {
  opener = open;
}

/** Opens the runner for `target`. */
export function openRunner(target: RunnerTarget): void {
  opener(target);
}
