/**
 * Send and cancel for the active draft. `send` asks the store's gate (`requestSend`:
 * consent before repeating, acknowledgement of lint errors); the gate calls back the
 * performer registered here, which builds the wire request with core, resolves a vault
 * token, and streams it through the relay as a TanStack Query mutation. The exchange
 * record exists before anything can fail, so every failure lands in the response pane.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { StoreApi } from 'zustand';
import { buildWireRequest, draftRowId, requestFingerprint, type RelayError } from '../../core';
import type { SendOrigin } from '../composer/composerModel';
import { PROGRESS_MIN_BYTES, watchUploadProgress } from '../composer/uploadProgress';
import { sendThroughRelay, type RelayOutcome } from '../relay/relayClient';
import { activeEnvironmentValues } from '../store/environmentsSlice';
import { useWorkbenchApi } from '../store/StoreProvider';
import type { WorkbenchState } from '../store/workbenchStore';
import { resolveVaultAuth } from '../vault/vaultAccess';

async function performSend(store: StoreApi<WorkbenchState>, signal: AbortSignal): Promise<RelayOutcome> {
  const state = store.getState();
  const { draft, activeTabId: tabId } = state;
  const env = activeEnvironmentValues(state);
  const built = buildWireRequest(draft, env);
  if (!built.ok) {
    store.setState({ sendProblem: built.error });
    return { ok: false, error: { kind: 'bad_request', message: built.error.message } };
  }
  let { wire } = built.value;
  state.recordSend(tabId, requestFingerprint(wire));
  state.beginExchange(wire, { draftId: draft.id, tabId });
  const fail = (error: RelayError): RelayOutcome => {
    store.getState().failExchange(error);
    return { ok: false, error };
  };
  if (built.value.vaultPending) {
    const credential = await resolveVaultAuth(draft.auth.vaultEntryId ?? '', wire.url);
    if (!credential.ok) return fail({ kind: 'bad_request', message: `No token from the vault: ${credential.error.message}` });
    const resolved = buildWireRequest(draft, env, { vaultCredential: credential.value });
    if (!resolved.ok) return fail({ kind: 'bad_request', message: resolved.error.message });
    wire = resolved.value.wire;
    store.getState().beginExchange(wire, { draftId: draft.id, tabId });
  }
  const id = draftRowId('upload').replace(/[^\w-]/g, '');
  const tracked = built.value.bodyLength >= PROGRESS_MIN_BYTES;
  let stopWatching = () => {};
  if (tracked) {
    store.getState().setUpload({ sent: 0, total: built.value.bodyLength, done: false });
    stopWatching = watchUploadProgress(id, (progress) => store.getState().setUpload({ ...progress, total: progress.total ?? built.value.bodyLength }));
  }
  try {
    const outcome = await sendThroughRelay(
      wire,
      {
        signal,
        id,
        followRedirects: draft.options.followRedirects,
        timeoutMs: draft.options.timeoutMs,
        insecureTls: draft.options.insecureTls,
      },
      {
        onHead: (head) => {
          if (tracked) store.getState().setUpload({ sent: built.value.bodyLength, total: built.value.bodyLength, done: true });
          store.getState().receiveHead(head);
        },
        onHop: (hop) => store.getState().receiveHop(hop),
        onBody: (chunk) => store.getState().receiveBody(chunk),
      },
    );
    if (outcome.ok) store.getState().completeExchange(outcome.summary);
    else store.getState().failExchange(outcome.error);
    return outcome;
  } finally {
    stopWatching();
  }
}

/** Send (through the gate), cancel, and whether a send is in flight. */
export function useSend() {
  const store = useWorkbenchApi();
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation<RelayOutcome, never, SendOrigin>({
    mutationFn: async () => {
      const abort = new AbortController();
      controller.current = abort;
      try {
        return await performSend(store, abort.signal);
      } finally {
        store.getState().setSendInFlight(false);
        if (controller.current === abort) controller.current = null;
      }
    },
  });
  const { mutate } = mutation;
  useEffect(() => {
    store.getState().registerSendPerformer((origin) => {
      // In flight from this moment, so a second Send before the mutation starts is refused.
      store.getState().setSendInFlight(true);
      mutate(origin);
    });
    return () => store.getState().registerSendPerformer(null);
  }, [store, mutate]);
  const send = useCallback(() => {
    store.getState().requestSend({ origin: 'tab' });
  }, [store]);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { send, cancel, sending: mutation.isPending };
}
