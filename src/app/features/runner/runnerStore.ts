/**
 * The collection runner's own state (issue 18, item 4): which collection or folder the
 * dialog is for, the run in progress (progress line, steps so far, the Cancel), and the
 * last run's result. Kept apart from the workbench store: a run is not part of the
 * workspace and is never persisted. Small on purpose: the sidebar and the palette import
 * it to open the runner, whose code (`RunnerDialog`, `runnerRun.ts`) loads on first use.
 */
import { createStore, type StoreApi } from 'zustand';
import { findItem, type Collection, type CollectionItem } from '../../../core';
import type { RunResult, RunStepResult } from '../../../core/run/types';
import type { RunProgress } from './runEngine';

/** What a run is of: a collection, or one folder in it. */
export interface RunTarget {
  collectionId: string;
  folderId?: string;
}

/** The runner's state: the dialog's target, the run in progress and the last result. */
export interface RunnerState {
  /** The dialog is open for this target; null when closed. */
  target: RunTarget | null;
  running: boolean;
  progress: RunProgress | null;
  /** Steps of the run in progress, or of the last run. */
  steps: RunStepResult[];
  result: RunResult | null;
  controller: AbortController | null;
  /** What `steps` and `result` are a run of (kept when the dialog closes, so reopening it shows them). */
  ranTarget?: RunTarget | null;
}

/** The runner's store (one per page: one run at a time). */
export const runnerStore: StoreApi<RunnerState> = createStore<RunnerState>(() => ({ target: null, running: false, progress: null, steps: [], result: null, controller: null }));

/** Opens the runner for a collection or folder (a finished run's results stay until the next run). */
export function openRunner(target: RunTarget): void {
  const s = runnerStore.getState();
  if (s.running) {
    runnerStore.setState({ target: s.target ?? target });
    return;
  }
  // The results stay for the target they are of: closing the dialog (to look at a preview) and reopening it finds them.
  const shown = s.target ?? s.ranTarget;
  const same = shown?.collectionId === target.collectionId && shown?.folderId === target.folderId;
  runnerStore.setState(same ? { target } : { target, steps: [], result: null, progress: null });
}

/** Closes the dialog; a run in progress goes on (reopening shows it). */
export function closeRunner(): void {
  runnerStore.setState({ target: null });
}

/** The items a target runs and the words that name it ("Shop API / Orders"); undefined when it is gone. */
export function targetItems(collections: readonly Collection[], target: RunTarget): { items: readonly CollectionItem[]; path: string[]; title: string } | undefined {
  const collection = collections.find((c) => c.id === target.collectionId);
  if (!collection) return undefined;
  if (!target.folderId) return { items: collection.items, path: [], title: collection.name };
  const found = findItem(collection.items, target.folderId);
  if (!found || found.item.kind !== 'folder') return undefined;
  const path = [...found.ancestors.map((f) => f.name), found.item.name];
  return { items: found.item.items, path, title: [collection.name, ...path].join(' / ') };
}

/** Stops the run in progress: the request being sent is cancelled and nothing more is sent. */
export function cancelRun(): void {
  runnerStore.getState().controller?.abort();
}
