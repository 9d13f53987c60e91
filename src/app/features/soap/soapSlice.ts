/**
 * Which tabs are SOAP requests and what each knows beyond its draft: the WSDL it came
 * from, the service, port and operation picked, what the WSDL declares for that operation
 * (the lint context: version, action, endpoint), and the WS-Security settings applied at
 * send. The draft itself (URL, headers, envelope as the XML body) stays a plain
 * `RequestDraft`, so history, collections and export see an ordinary request.
 * A tab opened from a saved SOAP request is SOAP too, derived from its `soap` origin until
 * the person changes something. The security header last sent is kept in memory only.
 */
import type { StateCreator } from 'zustand';
import { findItem, type LintContext, type SavedRequest, type SoapOrigin } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';

/** How (and whether) a WS-Security UsernameToken goes with the request. */
export type SoapSecurityMode = 'none' | 'PasswordText' | 'PasswordDigest';

/** WS-Security settings of one SOAP tab. The password is never persisted. */
export interface SoapSecuritySettings {
  mode: SoapSecurityMode;
  username: string;
  password: string;
  /** Add a wsu:Timestamp (Created, Expires) to the Security header. */
  timestamp: boolean;
  ttlSeconds: number;
  /**
   * A fresh Nonce and Created at every send (the default). Off, the header sent last is
   * sent again unchanged — a replay, which a server must refuse.
   */
  regenerate: boolean;
}

/** What the WSDL declares for the chosen operation: the SOAP lint rules compare against it. */
export type SoapExpectation = NonNullable<LintContext['soap']> & { action: string; endpoint: string };

/** The SOAP side of one tab. */
export interface SoapTabState {
  /** The WSDL or endpoint address as typed. */
  wsdlInput: string;
  /** The WSDL address last loaded (with `?WSDL` appended where needed); empty before any load. */
  wsdlUrl: string;
  service: string;
  port: string;
  operation: string;
  expected?: SoapExpectation;
  security: SoapSecuritySettings;
}

/** The Security header a tab sent last, so it can be shown, and replayed on purpose. */
export interface SentSecurityHeader {
  xml: string;
  nonce: string;
  created: string;
}

export interface SoapSlice {
  /** Per tab: its SOAP state, or null when the person made a SOAP-derived tab plain HTTP. */
  soapTabs: Record<string, SoapTabState | null>;
  soapSentHeaders: Record<string, SentSecurityHeader>;
  /** Makes the active tab a SOAP or a plain HTTP request. */
  setRequestType(type: 'http' | 'soap'): void;
  /** Edits the active tab's SOAP state (made SOAP first if it was not). */
  updateSoapTab(recipe: (soap: SoapTabState) => SoapTabState): void;
  rememberSecurityHeader(tabId: string, header: SentSecurityHeader): void;
}

/** Security off, the sandbox-friendly defaults otherwise. */
export const DEFAULT_SOAP_SECURITY: SoapSecuritySettings = Object.freeze({
  mode: 'none',
  username: '',
  password: '',
  timestamp: false,
  ttlSeconds: 300,
  regenerate: true,
}) as SoapSecuritySettings;

/** A new SOAP tab state. */
export function newSoapTab(wsdlInput = ''): SoapTabState {
  return { wsdlInput, wsdlUrl: '', service: '', port: '', operation: '', security: { ...DEFAULT_SOAP_SECURITY } };
}

const derived = new WeakMap<SavedRequest, SoapTabState>();

/** The saved request tab `tabId` was opened from, when it is a SOAP request. */
function savedSoapRequest(state: Pick<WorkbenchState, 'tabLinks' | 'collections'>, tabId: string): SavedRequest | undefined {
  const link = state.tabLinks?.[tabId];
  if (!link) return undefined;
  const collection = state.collections?.find((c) => c.id === link.collectionId);
  const item = collection ? findItem(collection.items, link.requestId)?.item : undefined;
  return item && item.kind === 'request' && item.requestType === 'soap' ? item : undefined;
}

/** The SOAP state of a saved request's origin (the same object while the request is unchanged). */
function fromOrigin(request: SavedRequest): SoapTabState {
  let state = derived.get(request);
  if (!state) {
    const origin: Partial<SoapOrigin> = request.soap ?? {};
    state = {
      ...newSoapTab(origin.wsdlUrl ?? ''),
      wsdlUrl: origin.wsdlUrl ?? '',
      service: origin.service ?? '',
      port: origin.port ?? '',
      operation: origin.operation ?? '',
    };
    derived.set(request, state);
  }
  return state;
}

/** The SOAP state of tab `tabId`, or undefined when it is a plain HTTP request. Stable while unchanged. */
export function soapTabOf(state: Pick<WorkbenchState, 'soapTabs' | 'tabLinks' | 'collections'>, tabId: string): SoapTabState | undefined {
  const own = state.soapTabs[tabId];
  if (own !== undefined) return own ?? undefined;
  const saved = savedSoapRequest(state, tabId);
  return saved ? fromOrigin(saved) : undefined;
}

/** The active tab's SOAP state, or undefined. */
export function activeSoapTab(state: WorkbenchState): SoapTabState | undefined {
  return soapTabOf(state, state.activeTabId);
}

/** What the lint rules should compare the active tab against: the WSDL's declarations, when known. */
export function soapLintContext(state: Pick<WorkbenchState, 'soapTabs' | 'tabLinks' | 'collections' | 'activeTabId'>): LintContext['soap'] | undefined {
  return soapTabOf(state, state.activeTabId)?.expected;
}

/** Where a SOAP tab came from, for saving it into a collection (`SavedRequest.soap`). */
export function soapOriginOfTab(state: Pick<WorkbenchState, 'soapTabs' | 'tabLinks' | 'collections'>, tabId: string): SoapOrigin | undefined {
  const soap = soapTabOf(state, tabId);
  if (!soap || !soap.wsdlUrl || !soap.operation) return undefined;
  return { wsdlUrl: soap.wsdlUrl, service: soap.service, port: soap.port, operation: soap.operation };
}

export const createSoapSlice: StateCreator<WorkbenchState, [], [], SoapSlice> = (set, get) => ({
  soapTabs: {},
  soapSentHeaders: {},
  setRequestType: (type) => {
    const state = get();
    const tabId = state.activeTabId;
    const current = soapTabOf(state, tabId);
    if (type === 'soap') {
      if (current) return;
      set((s) => ({ soapTabs: { ...s.soapTabs, [tabId]: newSoapTab() }, composerTab: 'soap' }));
    } else {
      if (!current) return;
      set((s) => ({ soapTabs: { ...s.soapTabs, [tabId]: null }, ...(s.composerTab === 'soap' ? { composerTab: 'body' } : {}) }));
    }
  },
  updateSoapTab: (recipe) =>
    set((s) => {
      const tabId = s.activeTabId;
      const current = soapTabOf(s, tabId) ?? newSoapTab();
      const next = recipe(current);
      return next === current && s.soapTabs[tabId] === current ? {} : { soapTabs: { ...s.soapTabs, [tabId]: next } };
    }),
  rememberSecurityHeader: (tabId, header) => set((s) => ({ soapSentHeaders: { ...s.soapSentHeaders, [tabId]: header } })),
});

/** The SOAP tabs as stored: passwords blanked, closed tabs left out. */
export function storableSoapTabs(state: Pick<WorkbenchState, 'soapTabs' | 'tabs'>): Record<string, SoapTabState | null> {
  const open = new Set(state.tabs.map((t) => t.id));
  const out: Record<string, SoapTabState | null> = {};
  for (const [tabId, soap] of Object.entries(state.soapTabs)) {
    if (!open.has(tabId)) continue;
    out[tabId] = soap ? { ...soap, security: { ...soap.security, password: '' } } : null;
  }
  return out;
}

/** SOAP tabs read back from storage: only well-formed entries for tabs that exist. */
export function restoredSoapTabs(stored: unknown, tabIds: readonly string[]): Record<string, SoapTabState | null> {
  const out: Record<string, SoapTabState | null> = {};
  if (!stored || typeof stored !== 'object') return out;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  for (const tabId of tabIds) {
    const entry = (stored as Record<string, unknown>)[tabId];
    if (entry === null) out[tabId] = null;
    if (!entry || typeof entry !== 'object') continue;
    const raw = entry as Record<string, unknown>;
    const security = (raw.security ?? {}) as Record<string, unknown>;
    const mode = security.mode === 'PasswordText' || security.mode === 'PasswordDigest' ? security.mode : 'none';
    const ttl = Number(security.ttlSeconds);
    const expected = raw.expected as Record<string, unknown> | undefined;
    out[tabId] = {
      wsdlInput: text(raw.wsdlInput),
      wsdlUrl: text(raw.wsdlUrl),
      service: text(raw.service),
      port: text(raw.port),
      operation: text(raw.operation),
      ...(expected && (expected.version === '1.1' || expected.version === '1.2')
        ? { expected: { version: expected.version, action: text(expected.action), endpoint: text(expected.endpoint) } }
        : {}),
      security: {
        mode,
        username: text(security.username),
        password: '',
        timestamp: security.timestamp === true,
        ttlSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : DEFAULT_SOAP_SECURITY.ttlSeconds,
        regenerate: security.regenerate !== false,
      },
    };
  }
  return out;
}
