/**
 * Captures: values taken from an exchange into run variables ("token ← $.access_token").
 * A captured value is secret when the capture says so, when it came from a credential
 * (a cookie, an Authorization-like header), or when it has the shape of one — the same
 * secret-by-kind rule that redacts exports and history (`secretValueKind`).
 */
import { secretValueKind } from '../workspace/redact';
import type { ExchangeView } from './exchangeView';
import { readSubject, subjectText, type ReadSubjectOptions } from './subject';
import type { Capture, CaptureResult } from './types';
import { maskedValue } from './maskedValue';

/** Whether a capture is on (absent `enabled` means on). */
export function isCaptureEnabled(capture: Capture): boolean {
  return capture.enabled !== false;
}

/**
 * Evaluates the enabled captures of a request against its exchange, in order. Disabled
 * ones are left out. A capture that finds nothing has an `error` and no `value`; the run
 * variable it names is then left as it was. Never throws for any exchange; throws a
 * TypeError for an `xpath` capture without `options.xpath` (a programmer error).
 */
export function evaluateCaptures(captures: readonly Capture[], view: ExchangeView, options: ReadSubjectOptions = {}): CaptureResult[] {
  if (!Array.isArray(captures)) throw new TypeError('evaluateCaptures expects an array of captures');
  const results: CaptureResult[] = [];
  for (const capture of captures) {
    if (!isCaptureEnabled(capture)) continue;
    const base = { captureId: capture.id, variable: capture.variable.trim(), scope: capture.scope };
    if (base.variable === '') {
      results.push({ ...base, secret: capture.secret === true, error: 'The capture has no variable name.' });
      continue;
    }
    const read = readSubject(capture.from, view, options);
    if (!read.ok) {
      results.push({ ...base, secret: capture.secret === true, error: read.error.message });
      continue;
    }
    const value = subjectText(read.value.value);
    const secret = capture.secret === true || read.value.secret || secretValueKind(value) !== undefined;
    results.push({ ...base, value, secret });
  }
  return results;
}

/** How a captured value is shown: the value, or a mask that keeps only its length when secret. */
export function shownCaptureValue(result: CaptureResult): string | undefined {
  if (result.value === undefined) return undefined;
  return result.secret ? maskedValue(result.value) : result.value;
}

export { maskedValue } from './maskedValue';
