/**
 * The checks of a gRPC run step: the request's captures and assertions evaluated on the
 * call mapped onto ExchangeView, captured values written into their variables (run scope,
 * the active environment, or the collection the request is saved in) as the HTTP runner's
 * send does, and the results reported masked.
 */
import type { StoreApi } from 'zustand';
import { findItem } from '../../../core/workspace/tree';
import type { SavedRequest } from '../../../core/workspace/model';
import type { ExchangeView } from '../../../core/run/exchangeView';
import { evaluateAssertions } from '../../../core/run/assertions';
import { evaluateCaptures, maskedValue } from '../../../core/run/captures';
import type { AssertionResult, CaptureResult } from '../../../core/run/types';
import { rememberExchangeSecrets } from '../../../core/workspace/redact';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import { applyCollectionVariableWrites } from '../checks/variableWrites';
import type { WorkbenchState } from '../../shell/store/workbenchState';

export interface GrpcStepChecks {
  captures: CaptureResult[];
  assertions: AssertionResult[];
}

/** Runs `request`'s captures and assertions on `view`, writing what the captures took into variables. */
export function runGrpcStepChecks(store: StoreApi<WorkbenchState>, request: SavedRequest, view: ExchangeView): GrpcStepChecks {
  // Provenance first: a token the call's answer holds stays a secret in whatever variable takes it.
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) });
  const captured = evaluateCaptures(request.captures ?? [], view);
  const collectionId = store.getState().collections.find((c) => findItem(c.items, request.id))?.id;
  const writes = captured.filter((c) => c.value !== undefined).map((c) => ({ scope: c.scope, name: c.variable, value: c.value, secret: c.secret }));
  applyCollectionVariableWrites(store, collectionId, writes);
  const captures = captured.map((c) => (c.value === undefined ? c : { ...c, value: c.secret ? maskedValue(c.value) : maskSecretText(c.value) }));
  const assertions = evaluateAssertions(request.assertions ?? [], view).map((a) => ({ ...a, ...(a.actual !== undefined ? { actual: maskSecretText(a.actual) } : {}) }));
  return { captures, assertions };
}
