/**
 * What the composer knows about the active draft, computed once per change: the wire
 * build (or why it cannot be built), the lint findings, and whether sending now would
 * repeat the last send. The panels, the Send button and `requestSend` all read this, so
 * they agree. All rules come from core; this only wires them together.
 */
import {
  buildWireRequest,
  repeatNeedsConsent,
  requestFingerprint,
  sampleDynamicValue,
  type CoreError,
  type LintContext,
  type LintFinding,
  type RequestDraft,
  type Result,
  type WireBuild,
} from '../../../core';
import { multipartJsonFindings } from './body/multipartJson';
import { loadedLint } from './lintLoader';

/** What the composer remembers about the sends of one tab (in memory only). */
export interface TabSendRecord {
  /** Fingerprint of the last request sent from the tab (before vault resolution). */
  fingerprint?: string;
  /** Keys of lint errors the person acknowledged. */
  acknowledged: string[];
}

/** The composer's view of one draft. */
export interface ComposerView {
  build: Result<WireBuild, CoreError>;
  findings: LintFinding[];
  /** Sending now repeats the last send from this tab. */
  repeating: boolean;
  /**
   * Names the build left as written because the request's pre-request scripts set them when
   * it is sent (not unresolved: known, with a value made at send time).
   */
  setAtSend: string[];
}

/** Where a send was asked for: the tab's Send, or a history entry sent again. */
export type SendOrigin = 'tab' | 'history';

/**
 * One thing the person must confirm before a send goes out. `refreshed`: the request was
 * refused with an expired token, the vault refreshed it, and the method is not idempotent.
 */
export interface SendGateReason {
  kind: 'repeat' | 'lint' | 'unresolved' | 'refreshed';
  message: string;
  /** For lint errors: the finding's key, recorded as acknowledged on confirmation. */
  key?: string;
}

/** A stable key for a finding, for remembering acknowledgements. */
export function findingKey(finding: LintFinding): string {
  return `${finding.id}|${finding.field ?? ''}|${finding.message}`;
}

let cache: { draft: RequestDraft; env: Record<string, string>; fingerprint: string | undefined; soap: LintContext['soap']; scripted: readonly string[]; linted: boolean; view: ComposerView } | undefined;

const NO_NAMES: readonly string[] = Object.freeze([]);

/**
 * The view of `draft` under `env`, remembered for the last inputs (drafts are immutable
 * values). `soap` is what the WSDL declares for a SOAP tab's operation, so the SOAP rules
 * check the action and endpoint against it.
 */
export function composerView(draft: RequestDraft, env: Record<string, string>, record?: TabSendRecord, soap?: LintContext['soap'], scripted: readonly string[] = NO_NAMES): ComposerView {
  const fingerprint = record?.fingerprint;
  if (cache && cache.draft === draft && cache.env === env && cache.fingerprint === fingerprint && cache.soap === soap && cache.scripted === scripted && cache.linted === (loadedLint() !== undefined)) return cache.view;
  // Dynamic variables ({{$guid}}…) show a fixed sample here; their values are drawn at send time.
  let build = buildWireRequest(draft, env, { dynamic: sampleDynamicValue });
  // Variables the pre-request scripts set are not unresolved: they get their value when the request is sent.
  const setAtSend = build.ok ? [...new Set(build.value.variableProblems.filter((p) => p.reason === 'undefined' && scripted.includes(p.name)).map((p) => p.name))] : [];
  // Kept-secret references (`{{secret:…}}`) are not variables to define: a lost one is asked for by its own field (issue 27 item 3).
  const notVariables = (name: string) => setAtSend.includes(name) || name.startsWith('secret:');
  if (build.ok && build.value.variableProblems.some((p) => notVariables(p.name))) {
    build = { ...build, value: { ...build.value, unresolved: build.value.unresolved.filter((name) => !notVariables(name)), variableProblems: build.value.variableProblems.filter((p) => !notVariables(p.name)) } };
  }
  let findings: LintFinding[] = [];
  let repeating = false;
  // The convention checks load after the first screen (lintLoader.ts): until then only the composer's own.
  const lint = loadedLint();
  if (build.ok) {
    repeating = fingerprint !== undefined && fingerprint === requestFingerprint(build.value.wire);
    const context = lint?.draftLintContext(draft, { repeating });
    if (context && soap) context.soap = soap;
    // Escapes a variable or a table row brought in are invisible on the wire; the build knows them.
    if (context && build.value.keptEscapes.length > 0) context.keptEscapes = build.value.keptEscapes;
    // A multipart part marked JSON that is not JSON is an error, as a JSON body's would be.
    findings = [...(lint && context ? lint.lintRequest(build.value.wire, context) : []), ...multipartJsonFindings(draft)];
  }
  const view = { build, findings, repeating, setAtSend };
  cache = { draft, env, fingerprint, soap, scripted, linted: lint !== undefined, view };
  return view;
}

/**
 * What must be confirmed before sending (spec §4.2 and the composer's own rules): a repeat
 * of a request whose method is not idempotent (any POST or PATCH from history counts),
 * lint errors not yet acknowledged, and unresolved variables. Empty means send at once.
 */
export function sendGateReasons(view: ComposerView, origin: SendOrigin, record?: TabSendRecord): SendGateReason[] {
  if (!view.build.ok) return [];
  const { wire, variableProblems } = view.build.value;
  const reasons: SendGateReason[] = [];
  if (repeatNeedsConsent(wire, { fingerprint: record?.fingerprint, alreadySent: origin === 'history' })) {
    reasons.push({
      kind: 'repeat',
      message: `This ${wire.method} was already sent. It is not idempotent: sending it again may repeat its effect (a second order, a second payment). Send it again only if that is what you want (spec §4.2).`,
    });
  }
  const acknowledged = new Set(record?.acknowledged ?? []);
  for (const finding of view.findings) {
    if (finding.severity !== 'error' || finding.id === 'repeat-needs-consent') continue;
    const key = findingKey(finding);
    if (!acknowledged.has(key)) reasons.push({ kind: 'lint', message: finding.message, key });
  }
  for (const problem of variableProblems) {
    reasons.push({ kind: 'unresolved', message: `${problem.message} (in ${problem.where}); it will be sent as written.` });
  }
  return reasons;
}
