/**
 * Send and cancel for the current draft. The relay call is a TanStack Query mutation
 * (server state); the streamed head, body and summary land in the store as they arrive.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { draftToWire } from '../../core';
import { sendThroughRelay, type RelayOutcome } from '../relay/relayClient';
import { useWorkbenchApi } from '../store/StoreProvider';

export function useSend() {
  const store = useWorkbenchApi();
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation<RelayOutcome, never, void>({
    mutationFn: async () => {
      const state = store.getState();
      const wire = draftToWire(state.draft);
      const abort = new AbortController();
      controller.current = abort;
      state.beginExchange(wire);
      const outcome = await sendThroughRelay(
        wire,
        { signal: abort.signal },
        {
          onHead: (head) => store.getState().receiveHead(head),
          onHop: (hop) => store.getState().receiveHop(hop),
          onBody: (chunk) => store.getState().receiveBody(chunk),
        },
      );
      if (outcome.ok) store.getState().completeExchange(outcome.summary);
      else store.getState().failExchange(outcome.error);
      if (controller.current === abort) controller.current = null;
      return outcome;
    },
  });
  const send = useCallback(() => {
    if (controller.current) return;
    mutation.mutate();
  }, [mutation]);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { send, cancel, sending: mutation.isPending };
}
