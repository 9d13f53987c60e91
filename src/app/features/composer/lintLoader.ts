/**
 * The convention checks (core/lint: every rule, with the XML reader the SOAP rules use) load
 * after the first screen, not with it (issue 31 item 4): the composer shows its findings once
 * they are here, and a send asked for before waits for them, so no send skips its checks.
 * `useLintReady` re-renders a component when they arrive.
 */
import { useSyncExternalStore } from 'react';
import type { applyLintFixToDraft, draftLintContext, lintRequest, lintRuleById } from '../../../core';

export interface LintModule {
  lintRequest: typeof lintRequest;
  draftLintContext: typeof draftLintContext;
  lintRuleById: typeof lintRuleById;
  applyLintFixToDraft: typeof applyLintFixToDraft;
}

let loaded: LintModule | undefined;
let loading: Promise<LintModule> | undefined;
const listeners = new Set<() => void>();

/** The checks, when they have loaded. */
export function loadedLint(): LintModule | undefined {
  return loaded;
}

/** Loads the checks (once); resolves when they are ready. */
export function loadLint(): Promise<LintModule> {
  loading ??= import('./lintModule').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed chunk (the server went away) may be fetched again on the next ask.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the checks have loaded (re-renders the caller then). */
export function useLintReady(): boolean {
  return useSyncExternalStore(subscribe, () => loaded !== undefined, () => false);
}
