/**
 * Comparing the headers of two responses to the same request: which fields appeared,
 * disappeared or changed value. Fields are grouped by name (case-insensitive) with all
 * their values in order, since a repeated header such as Set-Cookie is one list.
 */
import type { HeaderField } from '../types';

/** How one header field differs between two responses. */
export interface HeaderChange {
  /** The name as the newer response wrote it (or the older, when removed). */
  name: string;
  change: 'added' | 'removed' | 'changed' | 'same';
  before: string[];
  after: string[];
  /** True for fields expected to differ on every response (Date, Age, request ids). */
  volatile: boolean;
}

const VOLATILE = /^(date|age|expires|last-modified|etag|x-request-id|x-correlation-id|request-id|traceparent|x-amzn-requestid|x-amz-request-id|cf-ray|server-timing|x-response-time|set-cookie)$/i;

function group(headers: readonly HeaderField[]): Map<string, { name: string; values: string[] }> {
  const map = new Map<string, { name: string; values: string[] }>();
  for (const h of headers) {
    const key = h.name.toLowerCase();
    const entry = map.get(key);
    if (entry) entry.values.push(h.value);
    else map.set(key, { name: h.name, values: [h.value] });
  }
  return map;
}

/**
 * Field-by-field comparison, in the order of the newer response, removed fields last.
 * Values are compared exactly, in order.
 */
export function diffHeaderFields(before: readonly HeaderField[], after: readonly HeaderField[]): HeaderChange[] {
  if (!Array.isArray(before) || !Array.isArray(after)) throw new TypeError('diffHeaderFields expects two header lists');
  const old = group(before);
  const now = group(after);
  const changes: HeaderChange[] = [];
  for (const [key, entry] of now) {
    const previous = old.get(key);
    const same = previous !== undefined && previous.values.length === entry.values.length && previous.values.every((v, i) => v === entry.values[i]);
    changes.push({
      name: entry.name,
      change: previous === undefined ? 'added' : same ? 'same' : 'changed',
      before: previous?.values ?? [],
      after: entry.values,
      volatile: VOLATILE.test(key),
    });
  }
  for (const [key, entry] of old) {
    if (!now.has(key)) changes.push({ name: entry.name, change: 'removed', before: entry.values, after: [], volatile: VOLATILE.test(key) });
  }
  return changes;
}
