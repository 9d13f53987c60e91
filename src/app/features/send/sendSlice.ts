/**
 * The send gate: every send — from the tab's Send button, Ctrl+Enter, or history — goes
 * through `requestSend`, which asks for consent before repeating a request that is not
 * idempotent, for acknowledgement of lint errors, and for confirmation when variables are
 * unresolved. The actual relay call is performed by the function `useSend` registers.
 */
import { keptValues, secretKeeper } from '../../base/secrets/secretKeeper';
import { lostSecrets, sendBlockedBySecrets } from '../../base/secrets/sendableSecrets';
import type { StateCreator } from 'zustand';
import type { CoreError } from '../../../core';
import { loadedLint, loadLint } from '../composer/lintLoader';
import { composerView, sendGateReasons, type SendGateReason, type SendOrigin, type TabSendRecord } from '../composer/composerModel';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { activeChecks } from '../checks/checksSlice';
import { scriptSetNames } from '../composer/knownVariables';
import { soapLintContext } from '../soap/soapSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';

/** A send waiting for the person to confirm the reasons listed. */
export interface PendingSend {
  origin: SendOrigin;
  tabId: string;
  reasons: SendGateReason[];
  /** The send repeats one the vault refreshed the token for; it gets no second refresh. */
  afterRefresh?: boolean;
}

/** How one send attempt may behave. */
export interface SendAttempt {
  /**
   * The request already came back 401 and the vault refreshed its token once: another
   * 401 is shown as it is, so a send never loops refreshing and retrying.
   */
  afterRefresh?: boolean;
}

/** Upload progress of the request being sent, as the relay reports it. */
export interface UploadProgress {
  sent: number;
  total?: number;
  done: boolean;
}

/** What `requestSend` did. */
/** `checking`: the convention checks were still loading; the send is asked for again once they are here. */
export type SendVerdict = 'sent' | 'needs-confirmation' | 'invalid' | 'busy' | 'unavailable' | 'checking';

/**
 * Where a send goes from: a background tab (`backgroundTabs`, the collection runner's
 * steps) instead of the active tab. Nothing of it shows in the composer: no send problem
 * under the URL, no upload bar, no question asked.
 */
export interface SendTarget {
  tabId: string;
}

/** Performs a send of the active tab's draft, or of `target`'s (registered by `useSend`). */
export type SendPerformer = (origin: SendOrigin, attempt?: SendAttempt, target?: SendTarget) => void;

export interface SendSlice {
  /** Per tab: the last send's fingerprint and acknowledged lint errors (never persisted). */
  sendRecords: Record<string, TabSendRecord>;
  pendingSend: PendingSend | null;
  /** Why the last send could not start (the draft does not build), shown by the Send button. */
  sendProblem: CoreError | null;
  sendInFlight: boolean;
  upload: UploadProgress | null;
  sendPerformer: SendPerformer | null;
  registerSendPerformer(performer: SendPerformer | null): void;
  /**
   * Sends the active tab's draft, or asks first. `origin: 'history'` marks the request as
   * already sent, so a POST or PATCH needs consent; from a tab, only an identical resend does.
   */
  requestSend(options?: { origin?: SendOrigin }): SendVerdict;
  /**
   * Asks before sending again a request (not idempotent) that was refused with an expired
   * token the vault has since refreshed; `message` says so. Confirming sends it once more,
   * without another refresh.
   */
  askAfterTokenRefresh(ask: { origin: SendOrigin; tabId: string; message: string }): void;
  /** Confirms the pending send: acknowledges its lint errors and sends. */
  confirmPendingSend(): void;
  dismissPendingSend(): void;
  /** Marks lint findings (by key) acknowledged in the active tab. */
  acknowledgeFindings(keys: string[], acknowledged?: boolean): void;
  recordSend(tabId: string, fingerprint: string): void;
  /** Forgets a tab's sends (a new request was loaded into it). */
  forgetSends(tabId: string): void;
  setSendInFlight(inFlight: boolean): void;
  setUpload(upload: UploadProgress | null): void;
}

const FIELD_SECTIONS: [RegExp, 'params' | 'headers' | 'auth' | 'body' | 'options'][] = [
  [/^(path:|query)/, 'params'],
  [/^header/, 'headers'],
  [/^auth/, 'auth'],
  [/^(body|boundary|multipart)/, 'body'],
];

export const createSendSlice: StateCreator<WorkbenchState, [], [], SendSlice> = (set, get) => {
  const record = (s: WorkbenchState, tabId: string): TabSendRecord => s.sendRecords[tabId] ?? { acknowledged: [] };
  const start = (origin: SendOrigin, attempt?: SendAttempt) => {
    const s = get();
    if (!s.sendPerformer) return 'unavailable' as const;
    set({ pendingSend: null, sendProblem: null });
    if (attempt) s.sendPerformer(origin, attempt);
    else s.sendPerformer(origin);
    return 'sent' as const;
  };
  return {
    sendRecords: {},
    pendingSend: null,
    sendProblem: null,
    sendInFlight: false,
    upload: null,
    sendPerformer: null,
    registerSendPerformer: (sendPerformer) => set({ sendPerformer }),
    requestSend: (options = {}) => {
      const origin = options.origin ?? 'tab';
      const s = get();
      if (s.sendInFlight) return 'busy';
      // Secrets this send needs (the selected auth scheme's, enabled rows, variables it names) that are
      // sealed in a locked vault or were lost: nothing to confirm. The field that needs one asks for it
      // (AuthForm, the headers and params tables); the Send button's alert points there, once.
      const lost = lostSecrets(s.draft, activeEnvironmentValues(s), keptValues());
      if (lost.length > 0) {
        const message = sendBlockedBySecrets(lost, secretKeeper.getState().status === 'locked');
        const section = lost[0]!.place.section;
        set({ sendProblem: { kind: 'secrets-locked', message }, pendingSend: null, ...(section !== 'variable' ? { composerTab: section } : {}) });
        return 'invalid';
      }
      const tabRecord = record(s, s.activeTabId);
      // Names the tab's pre-request scripts set are known (not asked about as unresolved): they get their value at send.
      const view = composerView(s.draft, activeEnvironmentValues(s), tabRecord, soapLintContext(s), scriptSetNames(activeChecks(s)));
      if (!view.build.ok) {
        const error = view.build.error;
        const section = FIELD_SECTIONS.find(([pattern]) => pattern.test(error.field ?? ''))?.[1];
        set({ sendProblem: error, pendingSend: null, ...(section ? { composerTab: section } : {}) });
        s.markNotSent(s.activeTabId, error.message);
        return 'invalid';
      }
      // No send skips the convention checks: when they are still loading (they come after the first screen), wait for them.
      if (!loadedLint()) {
        const tabId = s.activeTabId;
        void loadLint().then(
          () => get().activeTabId === tabId && get().requestSend(options),
          (error: unknown) => set({ sendProblem: { kind: 'checks-unavailable', message: `The request's checks could not be loaded (${error instanceof Error ? error.message : String(error)}); try Send again.` } }),
        );
        return 'checking';
      }
      const reasons = sendGateReasons(view, origin, tabRecord);
      if (reasons.length > 0) {
        set({ pendingSend: { origin, tabId: s.activeTabId, reasons }, sendProblem: null });
        return 'needs-confirmation';
      }
      return start(origin);
    },
    confirmPendingSend: () => {
      const pending = get().pendingSend;
      if (!pending) return;
      const keys = pending.reasons.flatMap((r) => (r.key ? [r.key] : []));
      if (keys.length > 0) get().acknowledgeFindings(keys);
      if (pending.tabId !== get().activeTabId) get().activateTab(pending.tabId);
      start(pending.origin, pending.afterRefresh ? { afterRefresh: true } : undefined);
    },
    askAfterTokenRefresh: ({ origin, tabId, message }) =>
      set({ pendingSend: { origin, tabId, reasons: [{ kind: 'refreshed', message }], afterRefresh: true }, sendProblem: null }),
    dismissPendingSend: () => set({ pendingSend: null }),
    acknowledgeFindings: (keys, acknowledged = true) =>
      set((s) => {
        const current = record(s, s.activeTabId);
        const next = acknowledged ? [...new Set([...current.acknowledged, ...keys])] : current.acknowledged.filter((k) => !keys.includes(k));
        return { sendRecords: { ...s.sendRecords, [s.activeTabId]: { ...current, acknowledged: next } } };
      }),
    recordSend: (tabId, fingerprint) => set((s) => ({ sendRecords: { ...s.sendRecords, [tabId]: { ...record(s, tabId), fingerprint } } })),
    forgetSends: (tabId) =>
      set((s) => {
        const { [tabId]: _forgotten, ...rest } = s.sendRecords;
        return { sendRecords: rest };
      }),
    setSendInFlight: (sendInFlight) => set({ sendInFlight }),
    setUpload: (upload) => set({ upload }),
  };
};
