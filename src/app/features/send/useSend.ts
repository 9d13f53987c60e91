/**
 * Send and cancel for the active draft. `send` asks the store's gate (`requestSend`:
 * consent before repeating, acknowledgement of lint errors); the gate calls back the
 * performer registered here, which builds the wire request with core, resolves a vault
 * token, and streams it through the relay as a TanStack Query mutation. The exchange
 * record exists before anything can fail, so every failure lands in the response pane.
 * A vault-authenticated request refused 401 `invalid_token` gets one refresh: then an
 * idempotent method is sent again by itself and a POST or PATCH asks first (spec §4.2).
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { StoreApi } from 'zustand';
import { buildWireRequest, draftRowId, requestFingerprint, type CoreError, type DigestCredentials, type RelayError, type RelayHead, type RelayHop, type RequestDraft, type SigningStep, type WireRequest } from '../../../core';
import { signDraftWire } from '../composer/authSigning';
import { dynamicResolverFor } from '../composer/dynamicValues';
import type { SendOrigin } from '../composer/composerModel';
import { PROGRESS_MIN_BYTES, watchUploadProgress } from '../composer/uploadProgress';
import { afterTokenRefresh, refreshedConsentMessage, rejectedToken } from '../composer/vaultRetry';
import { cookieJarOf } from '../cookies/cookieJarStore';
import { sendThroughRelay, type RelayOutcome } from '../../base/relay/relayClient';
import { trustedFingerprintsFor } from '../../base/relay/trustedCertificates';
import { hostNetworkOptions } from '../../base/relay/networkOptions';
import { proxySettingsLoaded } from '../../base/relay/proxySettings';
import type { RequestTls } from '../../base/relay/tlsSettings';
import { relayTlsFor } from '../../base/relay/tlsSettingsStore';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { SendAttempt, SendTarget } from './sendSlice';
import { draftOfTab } from '../../base/state/tabs';
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { soapTabOf } from '../soap/soapSlice';
import { lockedSecretsMessage, secretKeeper, unresolvedKeptSecrets } from '../../base/secrets/secretKeeper';
import { sendableSecretScope } from '../../base/secrets/sendableSecrets';
import { checksOfTab } from '../checks/checksSlice';

/**
 * The Checks steps of a send (scripts, captures, assertions), loaded with the first send, not
 * with the first screen (issue 14): imported statically, they and what they import (the
 * exchange view, variable writes) were part of the page's first JS.
 */
const loadSendChecks = () => import('../checks/sendChecks');

/** What one trip through the relay gave: the outcome, and the response head if one came. */
interface Transmission {
  outcome: RelayOutcome;
  head?: RelayHead;
}

/** Sends `wire` through the relay into the current exchange, tracking upload progress for large bodies. */
async function transmit(store: StoreApi<WorkbenchState>, wire: WireRequest, draft: RequestDraft, bodyLength: number, signal: AbortSignal, tls: RequestTls, digest?: DigestCredentials, background = false): Promise<Transmission> {
  // Right after a reload the workspace's proxy settings may still be loading: wait for them (bounded), or this send would go the default way.
  const settingsLoading = proxySettingsLoaded();
  if (settingsLoading) await settingsLoading;
  const id = draftRowId('upload').replace(/[^\w-]/g, '');
  // A background send (a runner step) shows no upload bar in the composer of the tab shown.
  const tracked = !background && bodyLength >= PROGRESS_MIN_BYTES;
  let stopWatching = () => {};
  if (tracked) {
    store.getState().setUpload({ sent: 0, total: bodyLength, done: false });
    stopWatching = watchUploadProgress(id, (progress) => store.getState().setUpload({ ...progress, total: progress.total ?? bodyLength }));
  }
  let head: RelayHead | undefined;
  // "Send and store cookies" (on unless the request opts out): the relay gets the jar and reports each hop.
  const jar = draft.options.cookies === false ? undefined : cookieJarOf(store);
  const hops: RelayHop[] = [];
  try {
    const outcome = await sendThroughRelay(
      wire,
      {
        signal,
        id,
        followRedirects: draft.options.followRedirects,
        timeoutMs: draft.options.timeoutMs,
        // The workspace's proxy, the host's client certificates and CA bundles: the same for the vault's token calls.
        ...hostNetworkOptions(wire.url, tls, { trustedFingerprints: trustedFingerprintsFor }),
        // Verification is skipped when the request says so or a Certificates exception covers its host (both marked INSECURE).
        insecureTls: draft.options.insecureTls || tls.verificationOff,
        ...(draft.options.protocol && draft.options.protocol !== 'auto' ? { protocol: draft.options.protocol } : {}),
        // Digest credentials go to the relay, which answers the challenge; never into the exchange record.
        ...(digest ? { digest } : {}),
        ...(jar ? { cookies: jar.getState().jar } : {}),
      },
      {
        onHead: (received) => {
          head = received;
          if (tracked) store.getState().setUpload({ sent: bodyLength, total: bodyLength, done: true });
          store.getState().receiveHead(received);
        },
        onHop: (hop) => {
          hops.push(hop);
          store.getState().receiveHop(hop);
        },
        onBody: (chunk) => store.getState().receiveBody(chunk),
      },
    );
    if (jar && (hops.length > 0 || head)) {
      const { storeExchangeCookies } = await import('../cookies/jarChanges');
      storeExchangeCookies(jar, hops, outcome.ok && head ? { head, summary: outcome.summary } : undefined);
    }
    if (outcome.ok) store.getState().completeExchange(outcome.summary);
    else store.getState().failExchange(outcome.error);
    return { outcome, head };
  } finally {
    stopWatching();
  }
}

async function performSend(store: StoreApi<WorkbenchState>, signal: AbortSignal, origin: SendOrigin, attempt: SendAttempt, target?: SendTarget): Promise<RelayOutcome> {
  const state = store.getState();
  const tabId = target?.tabId ?? state.activeTabId;
  const draft = draftOfTab(state, tabId);
  if (!draft) return { ok: false, error: { kind: 'bad_request', message: 'The request to send is gone (its tab was closed).' } };
  // A background send reports only in its own exchange: the composer of the tab shown is not told.
  const problem = (error: CoreError) => {
    if (!target) store.setState({ sendProblem: error });
  };
  // Variables resolve as for that tab: its collection's, the environment's and the run's.
  let env = activeEnvironmentValues({ ...state, activeTabId: tabId });
  const locked = unresolvedKeptSecrets(sendableSecretScope(draft, env));
  if (locked.length > 0) {
    const message = lockedSecretsMessage(locked, secretKeeper.getState().status);
    problem({ kind: 'secrets-locked', message });
    state.markNotSent(tabId, message);
    return { ok: false, error: { kind: 'bad_request', message } };
  }
  // Issue 18: the request's pre-request scripts run first; they may set variables and change the request.
  const scripted = await (await loadSendChecks()).beforeSend(store, tabId, draft, env, signal);
  if (!scripted.ok) {
    state.markNotSent(tabId, scripted.message);
    return { ok: false, error: { kind: 'bad_request', message: scripted.message } };
  }
  env = scripted.env;
  // Postman's dynamic variables are drawn here, once per use, as the request is built to be sent.
  const dynamic = await dynamicResolverFor(draft, env);
  const drawing = dynamic ? { dynamic } : {};
  const built = buildWireRequest(draft, env, drawing);
  if (!built.ok) {
    problem(built.error);
    state.markNotSent(tabId, built.error.message);
    return { ok: false, error: { kind: 'bad_request', message: built.error.message } };
  }
  const { bodyLength } = built.value;
  const base = scripted.adjust(built.value.wire);
  const tls = relayTlsFor(base.url);
  if (!tls.ok) {
    problem({ kind: 'secrets-locked', message: tls.message });
    state.markNotSent(tabId, tls.message);
    return { ok: false, error: { kind: 'bad_request', message: tls.message } };
  }
  state.recordSend(tabId, requestFingerprint(base));
  state.beginExchange(base, { draftId: draft.id, tabId });
  const fail = (error: RelayError): RelayOutcome => {
    store.getState().failExchange(error);
    return { ok: false, error };
  };
  const vaultEntryId = built.value.vaultPending ? (draft.auth.vaultEntryId ?? '') : undefined;

  /**
   * The request as it goes out: the vault's Authorization (asked for at each attempt, so a
   * retry carries the refreshed token), then, for SOAP tabs, the WS-Security header with a
   * fresh Nonce and Created, then a signing scheme's signature, last. The exchange shows
   * what is really sent.
   */
  const finish = async (): Promise<{ ok: true; wire: WireRequest; signing?: SigningStep[] } | { ok: false; error: RelayError }> => {
    let wire = base;
    if (vaultEntryId !== undefined) {
      // The vault's code loads with the first request that uses it, not with the first screen.
      const { resolveVaultAuth } = await import('../vault/vaultAccess');
      const credential = await resolveVaultAuth(vaultEntryId, wire.url);
      if (!credential.ok) return { ok: false, error: { kind: 'bad_request', message: `No token from the vault: ${credential.error.message}` } };
      const resolved = buildWireRequest(draft, env, { ...drawing, vaultCredential: credential.value });
      if (!resolved.ok) return { ok: false, error: { kind: 'bad_request', message: resolved.error.message } };
      wire = scripted.adjust(resolved.value.wire);
    }
    if (soapTabOf(store.getState(), tabId)) {
      // WS-Security and the SOAP reader load with the first SOAP request.
      const { prepareSoapWire } = await import('../soap/soapSend');
      const soap = await prepareSoapWire(store, tabId, wire, env);
      if (!soap.ok) return { ok: false, error: { kind: 'bad_request', message: soap.error.message } };
      wire = soap.value;
    }
    // A signing scheme (AWS SigV4) signs last, the request exactly as it goes, at this moment.
    const signed = await signDraftWire(draft, env, wire);
    if (!signed.ok) return { ok: false, error: { kind: 'bad_request', message: `Not signed: ${signed.error.message}` } };
    return signed.value ? { ok: true, wire: signed.value.wire, signing: signed.value.steps } : { ok: true, wire };
  };

  const first = await finish();
  if (!first.ok) return fail(first.error);
  if (first.wire !== base) store.getState().beginExchange(first.wire, { draftId: draft.id, tabId, signing: first.signing });
  const sent = await transmit(store, first.wire, draft, bodyLength, signal, tls.value, built.value.digest, target !== undefined);

  // One refresh per send, never a loop: a send that is itself the retry shows its 401 as it is.
  if (vaultEntryId === undefined || attempt.afterRefresh || !sent.outcome.ok || signal.aborted) return sent.outcome;
  const rejected = rejectedToken(sent.head);
  if (!rejected) return sent.outcome;
  const { handleUnauthorized } = await import('../vault/vaultAccess');
  if ((await handleUnauthorized(vaultEntryId, rejected.challenge)) !== 'refreshed' || signal.aborted) return sent.outcome;
  if (afterTokenRefresh(first.wire) === 'ask') {
    // No question from a background send: the run reports the 401 as it came.
    if (target) return sent.outcome;
    store.getState().askAfterTokenRefresh({ origin, tabId, message: refreshedConsentMessage(first.wire, rejected) });
    return sent.outcome;
  }
  const again = await finish();
  store.getState().beginExchange(again.ok ? again.wire : base, { draftId: draft.id, tabId, signing: again.ok ? again.signing : undefined });
  if (!again.ok) return fail(again.error);
  return (await transmit(store, again.wire, draft, bodyLength, signal, tls.value, built.value.digest, target !== undefined)).outcome;
}

/** Send (through the gate), cancel, and whether a send is in flight. */
export function useSend() {
  const store = useWorkbenchApi();
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation<RelayOutcome, never, { origin: SendOrigin; attempt: SendAttempt; target?: SendTarget }>({
    mutationFn: async ({ origin, attempt, target }) => {
      const abort = new AbortController();
      controller.current = abort;
      // The tab and its checks as they were when sent: edits during the send apply to the next one.
      const tabId = target?.tabId ?? store.getState().activeTabId;
      const checks = checksOfTab(store.getState(), tabId);
      try {
        return await performSend(store, abort.signal, origin, attempt, target);
      } finally {
        // Issue 18: captures, assertions and post-response scripts once the response is complete (none without
        // one); in `finally`, so a send that threw never leaves its checks showing as running.
        // afterSend never rejects; its chunk failing to load already failed beforeSend, whose error is the one to show.
        await loadSendChecks().then(({ afterSend }) => afterSend(store, tabId, checks, abort.signal), () => undefined);
        store.getState().setSendInFlight(false);
        if (controller.current === abort) controller.current = null;
      }
    },
  });
  const { mutate } = mutation;
  useEffect(() => {
    store.getState().registerSendPerformer((origin, attempt = {}, target) => {
      // In flight from this moment, so a second Send before the mutation starts is refused.
      store.getState().setSendInFlight(true);
      mutate({ origin, attempt, ...(target ? { target } : {}) });
    });
    return () => store.getState().registerSendPerformer(null);
  }, [store, mutate]);
  const send = useCallback(() => {
    store.getState().requestSend({ origin: 'tab' });
  }, [store]);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { send, cancel, sending: mutation.isPending };
}
