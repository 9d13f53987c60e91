/**
 * The SOAP step of a send, run by `useSend` on the wire request just before it goes:
 * for a SOAP tab with WS-Security on, a fresh UsernameToken (or, with regeneration off,
 * the last one again) is put into the envelope, and remembered so the SOAP section can
 * show what went. Plain HTTP tabs pass through untouched.
 */
import type { StoreApi } from 'zustand';
import { ok, type Result, type WireRequest } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { securedWire } from './soapSecurity';
import { soapTabOf } from './soapSlice';

/** The wire request as it must leave for tab `tabId` (the same object when nothing changes). */
export async function prepareSoapWire(store: StoreApi<WorkbenchState>, tabId: string, wire: WireRequest, env: Record<string, string>): Promise<Result<WireRequest>> {
  const state = store.getState();
  const soap = soapTabOf(state, tabId);
  if (!soap) return ok(wire);
  const secured = await securedWire(wire, soap.security, state.soapSentHeaders[tabId], env);
  if (!secured.ok) return secured;
  if (!secured.value) return ok(wire);
  store.getState().rememberSecurityHeader(tabId, secured.value.header);
  return ok(secured.value.wire);
}
