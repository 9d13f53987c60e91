/**
 * Checking idempotency the way spec §4.2 defines it: by the resulting state, not by the
 * response. The resource is read before and after each of N sends; the request is
 * idempotent here when the state after every send equals the state after the first. States
 * are compared as JSON documents whose object members are unordered and whose arrays keep
 * their order (spec §4.3); other bodies are compared as text.
 */
import { parseJson } from '../encoding';
import type { WireRequest } from '../types';

/** The resource as one GET read it. */
export interface ResourceState {
  status: number;
  body: string;
}

/** One difference between two states, at a JSONPath-like location (`$.orders[2].qty`). */
export interface StateChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** The value before, as compact JSON (or text), cut to 200 characters. */
  before?: string;
  after?: string;
}

/** Options of the comparison. */
export interface StateCompareOptions {
  /** Object member names ignored at any depth (e.g. `updatedAt`, a timestamp every write touches). */
  ignoreMembers?: readonly string[];
}

/** The verdict of an idempotency check. */
export interface IdempotencyVerdict {
  idempotent: boolean;
  /** How the first send changed the state (before → after send 1); may be empty. */
  effect: StateChange[];
  /** The first send after which the state differed from the state after send 1 (1-based), and how. */
  firstDifference?: { send: number; changes: StateChange[] };
  /** One plain sentence. */
  summary: string;
}

const SHOWN = 200;

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

function memberPath(path: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function diffValues(a: unknown, b: unknown, path: string, ignore: ReadonlySet<string>, out: StateChange[]): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    const common = Math.min(a.length, b.length);
    for (let i = 0; i < common; i++) diffValues(a[i], b[i], `${path}[${i}]`, ignore, out);
    for (let i = common; i < a.length; i++) out.push({ path: `${path}[${i}]`, kind: 'removed', before: shown(a[i]) });
    for (let i = common; i < b.length; i++) out.push({ path: `${path}[${i}]`, kind: 'added', after: shown(b[i]) });
    return;
  }
  if (isObject(a) && isObject(b)) {
    const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const name of names) {
      if (ignore.has(name)) continue;
      const inA = Object.prototype.hasOwnProperty.call(a, name);
      const inB = Object.prototype.hasOwnProperty.call(b, name);
      const at = memberPath(path, name);
      if (inA && inB) diffValues(a[name], b[name], at, ignore, out);
      else if (inA) out.push({ path: at, kind: 'removed', before: shown(a[name]) });
      else out.push({ path: at, kind: 'added', after: shown(b[name]) });
    }
    return;
  }
  // Numbers compare by value (1.0 equals 1), as JSON.parse reads them.
  if (a === b) return;
  out.push({ path, kind: 'changed', before: shown(a), after: shown(b) });
}

/**
 * The differences between two states, empty when they are the same: a different status
 * is a change at `(status)`; two JSON bodies are compared structurally (members by name in
 * any order, arrays by position); otherwise the bodies are compared as exact text.
 */
export function compareStates(before: ResourceState, after: ResourceState, options: StateCompareOptions = {}): StateChange[] {
  const changes: StateChange[] = [];
  if (before.status !== after.status) changes.push({ path: '(status)', kind: 'changed', before: String(before.status), after: String(after.status) });
  const a = before.body.trim() === '' ? undefined : parseJson(before.body);
  const b = after.body.trim() === '' ? undefined : parseJson(after.body);
  if (a?.ok && b?.ok) {
    diffValues(a.value, b.value, '$', new Set(options.ignoreMembers ?? []), changes);
  } else if (before.body !== after.body) {
    changes.push({ path: '(body)', kind: 'changed', before: shown(before.body), after: shown(after.body) });
  }
  return changes;
}

function describe(change: StateChange): string {
  if (change.kind === 'added') return `${change.path} added`;
  if (change.kind === 'removed') return `${change.path} removed`;
  return `${change.path} changed from ${change.before} to ${change.after}`;
}

/**
 * Judges a check: `before` is the state read before the first send, `after[k]` the state
 * read after send k+1. Needs at least two sends, since one send says nothing about
 * repeating; fewer throw a RangeError.
 */
export function judgeIdempotency(
  method: string,
  before: ResourceState,
  after: readonly ResourceState[],
  options: StateCompareOptions = {},
): IdempotencyVerdict {
  if (after.length < 2) throw new RangeError(`An idempotency check needs at least 2 sends, got ${after.length}`);
  const effect = compareStates(before, after[0]!, options);
  for (let k = 1; k < after.length; k++) {
    const changes = compareStates(after[0]!, after[k]!, options);
    if (changes.length > 0) {
      const listed = changes.slice(0, 3).map(describe).join('; ') + (changes.length > 3 ? `; and ${changes.length - 3} more` : '');
      return {
        idempotent: false,
        effect,
        firstDifference: { send: k + 1, changes },
        summary: `${method} is not idempotent here: after send ${k + 1} the state differed from the state after send 1 (${listed}). Repeating it repeats its effect.`,
      };
    }
  }
  return {
    idempotent: true,
    effect,
    summary: `${method} is idempotent here: the state after each of the ${after.length} sends was the same${effect.length === 0 ? ' (and the first send changed nothing)' : ''}. Judged by the resulting state, not by the responses.`,
  };
}

/** Headers that describe the request's own body or method, which a read of the state must not carry. */
const NOT_FOR_STATE_READ = /^(content-type|content-length|content-encoding|content-transfer-encoding|transfer-encoding|x-http-method-override|if-match|if-none-match|idempotency-key)$/i;

/**
 * The GET that reads the state of `url` around the sends of `request`: the same
 * credentials and other headers, without those about the request's body, its method
 * override or its preconditions, and without a body.
 */
export function stateReadRequest(request: WireRequest, url: string): WireRequest {
  return { method: 'GET', url, headers: request.headers.filter((h) => !NOT_FOR_STATE_READ.test(h.name)) };
}
