/**
 * Secrets kept aside: when a request is stored, each secret in it (by kind: see
 * `redact.ts`) is replaced by a namespaced reference `{{secret:<owner>.<name>}}` and its
 * value goes to the secret keeper (sealed in the vault, or memory only). These functions
 * find such references anywhere in a stored value and put the kept values back, so the
 * request the person reopens is the one they typed.
 */
import { SecretRedaction } from './redact';
import type { RequestDraft } from '../request';

/** The namespace of kept-secret references: `{{secret:…}}`. */
export const KEPT_SECRET_PREFIX = 'secret:';

const KEPT_REFERENCE = /\{\{[ \t]*(secret:[^{}\r\n]+?)[ \t]*\}\}/g;

/**
 * A draft with its secrets replaced by kept-secret references under `owner` (a tab or a
 * saved request id), and the values taken out, by reference name.
 */
export function keepDraftSecrets(draft: RequestDraft, owner: string): { draft: RequestDraft; kept: Record<string, string> } {
  const redaction = new SecretRedaction('variables', [], `${KEPT_SECRET_PREFIX}${owner.replace(/[^A-Za-z0-9_-]+/g, '_')}.`);
  let redacted = redaction.draft(draft);
  // Keep each query row's written form (`raw`), with its value swapped for the reference.
  redacted = {
    ...redacted,
    query: redacted.query.map((row, i) => {
      const original = draft.query[i];
      if (!original?.raw || row.raw !== undefined || original.value === row.value) return row;
      const eq = original.raw.indexOf('=');
      return eq < 0 ? row : { ...row, raw: `${original.raw.slice(0, eq + 1)}${row.value}` };
    }),
  };
  const kept: Record<string, string> = {};
  for (const variable of redaction.variables) kept[variable.name] = variable.value;
  return { draft: redacted, kept };
}

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = mapStrings(item, change);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const next = mapStrings(item, change);
      if (next !== item) changed = true;
      out[key] = next;
    }
    return changed ? out : value;
  }
  return value;
}

/**
 * `value` (a draft, a collection, any plain record) with every kept-secret reference whose
 * value is known put back; unknown ones stay as written. Unchanged parts keep their identity.
 */
export function restoreKeptSecrets<T>(value: T, values: Readonly<Record<string, string>>): T {
  return mapStrings(value, (text) =>
    text.includes('{{') ? text.replace(KEPT_REFERENCE, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole)) : text,
  ) as T;
}

/** The kept-secret references still in `value` (for "secrets locked in the vault"), unique, in order. */
export function keptSecretReferences(value: unknown): string[] {
  const found = new Set<string>();
  mapStrings(value, (text) => {
    if (text.includes('{{secret:') || text.includes('{{ secret:')) for (const match of text.matchAll(KEPT_REFERENCE)) found.add(match[1]!);
    return text;
  });
  return [...found];
}
