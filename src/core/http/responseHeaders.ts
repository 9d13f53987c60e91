/**
 * Response header fields the explanations act on: `Allow` (RFC 9110 §10.2.1) and
 * `Retry-After` (RFC 9110 §10.2.3). Parsed into values a UI can use directly: a list of
 * methods to offer, and a countdown with its end time.
 */
import type { CoreError, Result } from '../types';
import { fail, ok, positionAt } from '../types';
import { isValidMethodToken } from './methods';
import { parseHttpDate } from './httpDate';

/** When to retry: the wait in whole seconds from `now`, and the moment it ends. */
export interface RetryAfter {
  seconds: number;
  at: Date;
}

/** A Retry-After value that is neither delta-seconds nor an HTTP-date. */
export interface RetryAfterError extends CoreError {
  kind: 'retry-after-syntax';
}

// RFC 9111 §1.2.2: a delta-seconds too large to represent is taken as 2^31.
const MAX_DELTA_SECONDS = 2 ** 31;

/**
 * Parses a `Retry-After` value: either delta-seconds (`120`) or an HTTP-date in any of the
 * three RFC 9110 forms. `seconds` is counted from `now` and never negative (a date in the
 * past means "now"); `at` is the moment to retry.
 */
export function parseRetryAfter(value: string, now: Date): Result<RetryAfter, RetryAfterError> {
  if (typeof value !== 'string') {
    throw new TypeError(`parseRetryAfter expects a string, got ${typeof value}`);
  }
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new TypeError('parseRetryAfter expects `now` to be a valid Date');
  }
  // Surrounding whitespace is not part of a field value (RFC 9110 §5.5).
  const lead = value.length - value.trimStart().length;
  const text = value.trim();
  if (text === '') {
    return fail({
      kind: 'retry-after-syntax',
      message: 'Retry-After is empty; expected a number of seconds (e.g. 120) or an HTTP-date',
      position: positionAt(value, 0),
    });
  }
  if (/^\d+$/.test(text)) {
    const seconds = Math.min(Number(text), MAX_DELTA_SECONDS);
    return ok({ seconds, at: new Date(now.getTime() + seconds * 1000) });
  }
  if (/^[-+]?\d+(\.\d*)?$/.test(text)) {
    return fail({
      kind: 'retry-after-syntax',
      message: `Retry-After "${text}" is not delta-seconds: only a whole, non-negative number of seconds is allowed (column ${lead + 1})`,
      position: positionAt(value, lead),
    });
  }
  const date = parseHttpDate(text, now);
  if (!date.ok) {
    const offset = lead + (date.error.position?.offset ?? 0);
    return fail({
      kind: 'retry-after-syntax',
      message: `Retry-After is neither a number of seconds nor a valid HTTP-date: ${date.error.message.replace(/\(column \d+\)$/, `(column ${offset + 1})`)}`,
      position: positionAt(value, offset),
    });
  }
  const seconds = Math.max(0, Math.ceil((date.value.getTime() - now.getTime()) / 1000));
  return ok({ seconds, at: date.value });
}

/**
 * The methods an `Allow` value lists, in order, duplicates removed. Case is kept because
 * methods are case-sensitive; empty list elements are skipped (RFC 9110 §5.6.1) and so are
 * elements that are not method tokens. An empty result from a present header means the
 * resource currently allows no method at all.
 */
export function parseAllow(value: string): string[] {
  if (typeof value !== 'string') {
    throw new TypeError(`parseAllow expects a string, got ${typeof value}`);
  }
  const methods: string[] = [];
  for (const element of value.split(',')) {
    const method = element.trim();
    if (isValidMethodToken(method) && !methods.includes(method)) methods.push(method);
  }
  return methods;
}
