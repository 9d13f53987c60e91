/**
 * Which kept secrets a send needs (issue 27 item 3): only what the request really sends.
 * The auth values of schemes not selected, disabled rows and variables the request never
 * names cannot block a send — a Basic password typed earlier into a form since switched to
 * "No auth" is not sent, so it is not asked for.
 *
 * `lostSecrets` says where each missing one is (the auth field, header, query row or
 * variable), so the composer asks for it once, beside that field.
 */
import { authScheme, keptSecretReferences, visibleAuthFields, type RequestDraft } from '../../../core';

/** Where a kept secret the send needs sits in the request. */
export type LostSecretPlace =
  | { section: 'auth'; field: string; label: string }
  | { section: 'headers'; rowId: string; name: string }
  | { section: 'params'; rowId: string; name: string }
  | { section: 'body' }
  | { section: 'variable'; name: string };

/** A kept-secret reference the send needs and this page cannot resolve, and where it is. */
export interface LostSecret {
  reference: string;
  place: LostSecretPlace;
}

const VARIABLE = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;

/** The auth values the selected scheme uses (the shared record also holds other schemes' values). */
function selectedAuthValues(draft: RequestDraft): Record<string, string> {
  if (draft.auth.scheme === 'vault' || draft.auth.scheme === 'none') return {};
  const descriptor = authScheme(draft.auth.scheme);
  if (!descriptor) return {};
  const out: Record<string, string> = {};
  for (const field of visibleAuthFields(descriptor, draft.auth.values)) {
    const value = draft.auth.values[field.name];
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

/** The body the request's kind sends (every kind's content is kept, only one goes). */
function sentBody(draft: RequestDraft): unknown {
  const body = draft.body;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
    case 'xml':
    case 'text':
      return body.texts[body.kind];
    case 'form':
      return body.form.filter((row) => row.enabled !== false);
    case 'multipart':
      return body.multipart.filter((part) => part.enabled !== false);
    default:
      return body;
  }
}

/** The parts of `draft` that are sent: URL, enabled rows, the selected scheme's auth values, the body of its kind. */
function sentParts(draft: RequestDraft) {
  return {
    url: draft.url,
    pathParams: draft.pathParams,
    query: draft.query.filter((row) => row.enabled !== false),
    headers: draft.headers.filter((row) => row.enabled),
    auth: selectedAuthValues(draft),
    body: sentBody(draft),
  };
}

/** Names of the `{{variables}}` in `value` (kept-secret references excepted). */
function variableNames(value: unknown): Set<string> {
  const names = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.includes('{{')) for (const match of v.matchAll(VARIABLE)) if (!match[1]!.startsWith('secret:')) names.add(match[1]!);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return names;
}

/** The variables the request names, and those their values name in turn, with their values. */
function usedVariables(parts: unknown, env: Readonly<Record<string, string>>): Record<string, string> {
  const used: Record<string, string> = {};
  const pending = [...variableNames(parts)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (Object.prototype.hasOwnProperty.call(used, name) || !Object.prototype.hasOwnProperty.call(env, name)) continue;
    used[name] = env[name]!;
    pending.push(...variableNames(env[name]));
  }
  return used;
}

/** What `unresolvedKeptSecrets` should look at before a send of `draft` with `env`: only what is sent. */
export function sendableSecretScope(draft: RequestDraft, env: Readonly<Record<string, string>>): unknown[] {
  const parts = sentParts(draft);
  return [parts, usedVariables(parts, env)];
}

/**
 * The kept secrets the send of `draft` needs and `known` (the keeper's values) lacks, each
 * with where it is — one entry per place, in the order of the form.
 */
export function lostSecrets(draft: RequestDraft, env: Readonly<Record<string, string>>, known: Readonly<Record<string, string>>): LostSecret[] {
  const lost: LostSecret[] = [];
  const missing = (value: unknown) => keptSecretReferences(value).filter((name) => !Object.prototype.hasOwnProperty.call(known, name));
  const add = (value: unknown, place: LostSecretPlace) => {
    for (const reference of missing(value)) lost.push({ reference, place });
  };
  const parts = sentParts(draft);
  const fields = draft.auth.scheme === 'vault' ? [] : (authScheme(draft.auth.scheme)?.fields ?? []);
  for (const [field, value] of Object.entries(parts.auth)) add(value, { section: 'auth', field, label: fields.find((f) => f.name === field)?.label ?? field });
  for (const row of parts.headers) add([row.name, row.value], { section: 'headers', rowId: row.id, name: row.name });
  for (const row of parts.query) add([row.name, row.value], { section: 'params', rowId: row.id, name: row.name });
  for (const row of parts.pathParams) add(row.value, { section: 'params', rowId: `path:${row.name}`, name: row.name });
  const inParams = new Set(lost.map((l) => l.reference));
  for (const reference of missing(parts.url)) if (!inParams.has(reference)) lost.push({ reference, place: { section: 'params', rowId: '', name: 'URL' } });
  add(parts.body, { section: 'body' });
  for (const [name, value] of Object.entries(usedVariables(parts, env))) add(value, { section: 'variable', name });
  return lost;
}

/** How a lost secret is asked for beside its field: what happened and what to do, in one sentence. */
export function lostSecretPrompt(locked: boolean): string {
  return locked
    ? 'Sealed in the vault, which is locked: unlock it (sidebar → Vault) to send this request.'
    : 'Kept only in the memory of a tab that has since closed, so it is gone: type it again here.';
}

const SECTION_NAMES: Record<LostSecretPlace['section'], string> = { auth: 'Auth', headers: 'Headers', params: 'Params', body: 'Body', variable: 'Environments' };

/** What one lost secret is called in a sentence: `the Auth field "password"`, `the variable "token"`. */
function placeName(place: LostSecretPlace): string {
  switch (place.section) {
    case 'auth':
      return `the ${/^[A-Z][a-z]/.test(place.label) ? place.label.charAt(0).toLowerCase() + place.label.slice(1) : place.label}`;
    case 'headers':
      return `the header "${place.name}"`;
    case 'params':
      return place.name === 'URL' ? 'the URL' : `the parameter "${place.name}"`;
    case 'body':
      return 'the body';
    case 'variable':
      return `the variable "${place.name}"`;
  }
}

/** The Send button's one alert when secrets block the send: where to type them (or unlock the vault). */
export function sendBlockedBySecrets(lost: readonly LostSecret[], locked: boolean): string {
  const places = [...new Set(lost.map((l) => placeName(l.place)))];
  const named = places.length > 3 ? `${places.slice(0, 3).join(', ')} and ${places.length - 3} more` : places.join(' and ');
  if (locked) return `${named.charAt(0).toUpperCase()}${named.slice(1)} ${places.length === 1 ? 'is' : 'are'} sealed in the vault, which is locked. Unlock the vault (sidebar → Vault) to send it.`;
  const section = lost[0]!.place.section;
  const where = section === 'variable' ? 'in the Environments dialog or the collection\'s variables' : `in the ${SECTION_NAMES[section]} tab`;
  return `Type ${named} again ${where} (${lost.length === 1 ? 'it was' : 'they were'} kept only in the memory of a tab that has closed).`;
}
