/**
 * Run steps of the live protocols (WebSocket, gRPC, MCP): a saved request whose draft names
 * one is run by that protocol's step (connect, send what the request holds, collect, check),
 * not by the HTTP send path. The shell registers each protocol's step (`protocolStepSlot.ts`); a request of
 * a protocol this build cannot run fails its step with that said, never silently passes.
 */
import type { StoreApi } from 'zustand';
import { isLiveProtocol } from '../../../core/protocols/types';
import { isGraphQlSubscription } from '../../../core/protocols/graphql/subscriptionRun';
import { findItem } from '../../../core/workspace/tree';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { StepSender } from './runEngine';
import { appProtocolSteps } from './protocolStepSlot';

export type { AppProtocolStep } from './protocolStepSlot';

/** `sender`, with the steps of live-protocol requests of collection `collectionId` handed to their protocol. */
export function withProtocolSteps(sender: StepSender, store: StoreApi<WorkbenchState>, collectionId: string): StepSender {
  return {
    ...sender,
    send(step, iterations, signal) {
      const collection = store.getState().collections.find((c) => c.id === collectionId);
      const item = collection ? findItem(collection.items, step.request.id)?.item : undefined;
      const protocol = item?.kind === 'request' ? item.draft.protocol : undefined;
      // A GraphQL subscription goes over graphql-ws (src/app/features/graphql/subscriptionRunStep.ts), not as an HTTP send.
      if (item?.kind === 'request' && !isLiveProtocol(protocol) && item.draft.body.kind === 'graphql' && isGraphQlSubscription(item.draft.body.graphql)) {
        const subscription = appProtocolSteps['graphql-subscription'];
        if (subscription) return subscription(store, item, step, signal);
      }
      if (item?.kind !== 'request' || !isLiveProtocol(protocol)) return sender.send(step, iterations, signal);
      const run = appProtocolSteps[protocol];
      if (run) return run(store, item, step, signal);
      return Promise.resolve({
        result: {
          requestId: item.id, name: item.name, path: step.request.path, iteration: step.iteration, method: protocol.toUpperCase(), url: item.draft.url,
          error: { kind: 'unsupported', message: `This build cannot run ${protocol} requests, so "${item.name}" was not run.` },
          captures: [], assertions: [], tests: [], scriptErrors: [],
        },
      });
    },
  };
}
