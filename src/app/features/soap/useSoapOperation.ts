/**
 * Choosing an operation: the worker writes its sample envelope, and the draft becomes a
 * POST to the port's address with that envelope and the version's headers; the tab
 * remembers the operation and what the WSDL declares for it (the lint context).
 */
import { useCallback, useState } from 'react';
import type { CoreError, SoapTarget } from '../../../core';
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import { draftWithSoapSample, soapExpectationOf } from './soapDraft';
import { soapTabOf } from './soapSlice';
import { wsdlWorkerClient } from './wsdlWorkerClient';

/** Applies operations of the WSDL kept under `key`; `problem` says why the last one could not be. */
export function useSoapOperation(key: string | undefined, reload: () => void) {
  const store = useWorkbenchApi();
  const [problem, setProblem] = useState<CoreError | null>(null);
  const [busy, setBusy] = useState(false);
  const apply = useCallback(
    async (target: SoapTarget) => {
      if (!key) return;
      const tabId = store.getState().activeTabId;
      setBusy(true);
      const sample = await wsdlWorkerClient().sample(key, target);
      setBusy(false);
      // The person may have moved to another tab while the worker wrote the sample.
      if (store.getState().activeTabId !== tabId) return;
      if (!sample.ok) {
        setProblem(sample.error);
        if (sample.error.kind === 'wsdl-not-loaded') reload();
        return;
      }
      setProblem(null);
      const state = store.getState();
      const previous = soapTabOf(state, tabId)?.operation;
      state.updateDraft((draft) => draftWithSoapSample(draft, sample.value, { operation: target.operation, ...(previous ? { previous } : {}) }));
      state.updateSoapTab((soap) => ({ ...soap, ...target, expected: soapExpectationOf(sample.value) }));
    },
    [key, reload, store],
  );
  return { apply, problem, busy };
}
