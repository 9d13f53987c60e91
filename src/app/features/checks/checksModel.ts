/**
 * A request's checks as the composer edits them (issue 18): captures, assertions and
 * scripts, kept per tab beside the draft and written into the saved request on Save
 * (`SavedRequest.captures/assertions/scripts`). Pure functions only; the slice routes them.
 */
import { draftRowId, isSecretName, secretValueKind, sessionSecrets, type RequestScript, type SavedRequest } from '../../../core';
import type { Assertion, AssertionOperator, Capture, ExchangeSubject } from '../../../core/run/types';

/** What a tab holds beside its draft. Arrays are never absent here, only in the saved request. */
export interface RequestChecks {
  captures: Capture[];
  assertions: Assertion[];
  scripts: RequestScript[];
}

/** No checks at all (shared, frozen: compare by `hasChecks`, never by identity). */
export const NO_CHECKS: RequestChecks = Object.freeze({ captures: [], assertions: [], scripts: [] }) as unknown as RequestChecks;

/** Script dialects whose scripts run here: Postman's `pm` API (new scripts are written in it). */
export const RUNNABLE_DIALECTS: ReadonlySet<string> = new Set(['postman']);

/** The dialect new scripts are written in. */
export const NEW_SCRIPT_DIALECT = 'postman';

/** The checks of a saved request, for a tab that opens it. */
export function checksOfSaved(saved: Pick<SavedRequest, 'captures' | 'assertions' | 'scripts'>): RequestChecks {
  return { captures: saved.captures ?? [], assertions: saved.assertions ?? [], scripts: saved.scripts ?? [] };
}

/** Whether a script has something to run or show (an empty editor is not a script). */
function isKeptScript(script: RequestScript): boolean {
  return (script.text ?? '').trim() !== '' || script.file !== undefined;
}

/**
 * The fields a saved request gets from a tab's checks: each list only when it has
 * something, and `undefined` for the others, so an emptied list leaves the record.
 */
export function savedChecksFields(checks: RequestChecks | undefined): Pick<SavedRequest, 'captures' | 'assertions' | 'scripts'> {
  const scripts = (checks?.scripts ?? []).filter(isKeptScript);
  return {
    captures: checks && checks.captures.length > 0 ? checks.captures : undefined,
    assertions: checks && checks.assertions.length > 0 ? checks.assertions : undefined,
    scripts: scripts.length > 0 ? scripts : undefined,
  };
}

/** Whether there is anything to run after a send (or before it). */
export function hasChecks(checks: RequestChecks | undefined): boolean {
  return !!checks && (checks.captures.length > 0 || checks.assertions.length > 0 || checks.scripts.some(isKeptScript));
}

/** A new capture row: the whole-body default would surprise, so a JSONPath is offered first. */
export function newCapture(patch: Partial<Capture> = {}): Capture {
  return { id: draftRowId('cap'), variable: '', scope: 'run', from: { kind: 'jsonpath', path: '$.' }, ...patch };
}

/** A new assertion row of `kind`; compare rows start as `status == 200`, the most common check. */
export function newAssertion(kind: Assertion['kind'] = 'compare'): Assertion {
  const id = draftRowId('asr');
  if (kind === 'json-schema') return { id, kind, schema: '{\n  "type": "object"\n}' };
  if (kind === 'conforms') return { id, kind };
  return { id, kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '200' };
}

/** Subjects offered in the tables, with the label the select shows. */
export const SUBJECT_KINDS: readonly { kind: ExchangeSubject['kind']; label: string }[] = [
  { kind: 'status', label: 'Status' },
  { kind: 'header', label: 'Header' },
  { kind: 'cookie', label: 'Cookie' },
  { kind: 'jsonpath', label: 'JSONPath' },
  { kind: 'xpath', label: 'XPath' },
  { kind: 'regex', label: 'Regex' },
  { kind: 'body', label: 'Body' },
  { kind: 'duration', label: 'Time (ms)' },
  { kind: 'size', label: 'Size (bytes)' },
];

/** Operators offered for compare assertions. */
export const OPERATORS: readonly AssertionOperator[] = ['==', '!=', '<', '<=', '>', '>=', 'contains', 'not-contains', 'matches', 'exists', 'not-exists', 'type', 'length'];

/** Whether an operator takes an expected value. */
export function operatorTakesValue(operator: AssertionOperator): boolean {
  return operator !== 'exists' && operator !== 'not-exists';
}

/** The text a subject's expression field holds (header name, path, pattern…), or undefined when it has none. */
export function subjectExpression(subject: ExchangeSubject): string | undefined {
  switch (subject.kind) {
    case 'header':
    case 'cookie':
      return subject.name;
    case 'jsonpath':
      return subject.path;
    case 'xpath':
      return subject.expression;
    case 'regex':
      return subject.pattern;
    default:
      return undefined;
  }
}

/** A subject of `kind`, keeping the expression typed so far when the new kind has one. */
export function subjectOf(kind: ExchangeSubject['kind'], expression = ''): ExchangeSubject {
  switch (kind) {
    case 'header':
    case 'cookie':
      return { kind, name: expression };
    case 'jsonpath':
      return { kind, path: expression || '$.' };
    case 'xpath':
      return { kind, expression: expression || '/' };
    case 'regex':
      return { kind, pattern: expression };
    case 'status':
    case 'body':
    case 'duration':
    case 'size':
      return { kind };
    default:
      throw new RangeError(`subjectOf: unknown subject kind ${JSON.stringify(kind)}`);
  }
}

/** The scripts of one phase, with their index in the full list (for editing in place). */
export function scriptsOfPhase(checks: RequestChecks, phase: RequestScript['phase']): { script: RequestScript; index: number }[] {
  return checks.scripts.map((script, index) => ({ script, index })).filter((s) => s.script.phase === phase);
}

/** The checks with the text of script `index` replaced, or a new script of `phase` added when `index` is -1. */
export function withScriptText(checks: RequestChecks, phase: RequestScript['phase'], index: number, text: string): RequestChecks {
  if (index < 0) return { ...checks, scripts: [...checks.scripts, { phase, dialect: NEW_SCRIPT_DIALECT, text }] };
  const scripts = checks.scripts.map((script, i) => (i === index ? { ...script, text } : script));
  return { ...checks, scripts };
}

const STRING_LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\r\n])*)\1/g;

/**
 * Whether a string literal of a script holds a secret, by the one gate's rules: its shape
 * (a JWT, a GitHub token…), its provenance (a value the session learned is secret), or the
 * credential name it is written under (`{ refresh_token: '…' }`, `password = "…"`).
 */
function isSecretLiteral(inner: string, before: string): boolean {
  if (inner.length < 8 || /^\s*\{\{[^{}]*\}\}\s*$/.test(inner)) return false;
  if (secretValueKind(inner) !== undefined || sessionSecrets.originOf(inner) !== undefined) return true;
  const name = /["'`]?([A-Za-z_$][\w$-]*)["'`]?\s*[:=]\s*$/.exec(before)?.[1];
  // `{ key: 'Authorization', value: … }`: a `key` member names a header or variable, it does not hold a secret.
  return name !== undefined && !/^(key|name)$/i.test(name) && isSecretName(name);
}

/**
 * A script's text with every string literal that is a secret (`isSecretLiteral`: by shape,
 * provenance or the credential name it is written under) replaced by a `{{secret:owner.scriptN}}` reference,
 * and the values taken out — so a token pasted into a script is never stored in plaintext.
 * Reading the record back puts the values in again (`restoreKeptSecrets` walks every string).
 */
export function keepScriptSecrets(text: string, owner: string): { text: string; kept: Record<string, string> } {
  const kept: Record<string, string> = {};
  const prefix = `secret:${owner.replace(/[^A-Za-z0-9_-]+/g, '_')}.script`;
  let n = 0;
  const out = text.replace(STRING_LITERAL, (whole, quote: string, inner: string, offset: number) => {
    if (!isSecretLiteral(inner, text.slice(Math.max(0, offset - 80), offset))) return whole;
    const name = `${prefix}${++n}`;
    kept[name] = inner;
    return `${quote}{{${name}}}${quote}`;
  });
  return { text: n === 0 ? text : out, kept };
}

/**
 * The checks as stored (tab snapshot, IndexedDB, workspace folder): secrets in scripts and
 * in assertions' expected values kept aside by kind; `keep` receives the values.
 */
export function storableChecks(checks: RequestChecks, owner: string, keep: (values: Record<string, string>) => void): RequestChecks {
  const kept: Record<string, string> = {};
  let counter = 0;
  const scripts = checks.scripts.map((script, i) => {
    if (!script.text) return script;
    const result = keepScriptSecrets(script.text, `${owner}.${script.phase}${i}`);
    Object.assign(kept, result.kept);
    return result.text === script.text ? script : { ...script, text: result.text };
  });
  const assertions = checks.assertions.map((assertion) => {
    if (assertion.kind !== 'compare' || !assertion.expected || secretValueKind(assertion.expected) === undefined) return assertion;
    const name = `secret:${owner.replace(/[^A-Za-z0-9_-]+/g, '_')}.expected${++counter}`;
    kept[name] = assertion.expected;
    return { ...assertion, expected: `{{${name}}}` };
  });
  if (Object.keys(kept).length > 0) keep(kept);
  return { ...checks, scripts, assertions };
}
