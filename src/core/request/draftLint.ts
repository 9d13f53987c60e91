/**
 * Linting a draft and applying lint fixes to it. The rules run on the wire request (what
 * will really go out); a fix comes back as a `LintFix` value and is applied here to the
 * draft's own tables — the auth tab, header rows, query rows, body text — so the person
 * keeps editing what they see, and `{{variables}}` survive where the fix does not touch
 * them.
 */
import { parseUrlParts } from '../encoding';
import { applyLintFix, LINT_KEY_QUERY_PARAMS, lintRequest, type LintContext, type LintFinding, type LintFix } from '../lint';
import type { WireRequest } from '../types';
import type { HeaderRow, QueryRow, RequestDraft } from './draft';
import { draftRowId } from './rowId';
import { draftWithQueryRows, draftWithUrl } from './urlSync';

/** What the linter needs to know about a draft beyond its wire request. */
export function draftLintContext(draft: RequestDraft, options: { repeating?: boolean; now?: Date } = {}): LintContext {
  const context: LintContext = {};
  if (options.repeating) context.repeating = true;
  if (options.now) context.now = options.now;
  if (draft.auth.scheme === 'basic') context.basicUsername = draft.auth.values.username ?? '';
  const apiKeyParam = apiKeyQueryParam(draft);
  if (apiKeyParam !== undefined) context.keyParams = [...LINT_KEY_QUERY_PARAMS, apiKeyParam];
  return context;
}

/** The findings for a draft whose wire request is `wire`. */
export function lintDraft(draft: RequestDraft, wire: WireRequest, options: { repeating?: boolean; now?: Date } = {}): LintFinding[] {
  return lintRequest(wire, draftLintContext(draft, options));
}

/** The query parameter name an API-key auth puts its key in, when it is placed in the query. */
function apiKeyQueryParam(draft: RequestDraft): string | undefined {
  if (draft.auth.scheme !== 'apikey' || draft.auth.values.placement !== 'query') return undefined;
  return draft.auth.values.headerName ?? 'Ocp-Apim-Subscription-Key';
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.toLowerCase();
}

/** Rows with exactly one enabled header `name: value`, in place of the first of that name. */
function headerRowsWith(rows: readonly HeaderRow[], name: string, value: string): HeaderRow[] {
  const out: HeaderRow[] = [];
  let placed = false;
  for (const row of rows) {
    if (!row.enabled || !sameName(row.name, name)) out.push(row);
    else if (!placed) {
      out.push({ ...row, name, value });
      placed = true;
    }
  }
  if (!placed) out.push({ id: draftRowId(), enabled: true, name, value });
  return out;
}

function authProduces(draft: RequestDraft, name: string): boolean {
  const scheme = draft.auth.scheme;
  if (scheme === 'none' || scheme === 'vault') return false;
  if (scheme === 'apikey') return draft.auth.values.placement !== 'query' && sameName(draft.auth.values.headerName ?? 'Ocp-Apim-Subscription-Key', name);
  return sameName('Authorization', name);
}

function withoutAuth(draft: RequestDraft): RequestDraft {
  return { ...draft, auth: { ...draft.auth, scheme: 'none' } };
}

function moveQueryToHeader(draft: RequestDraft, fix: Extract<LintFix, { kind: 'move-query-to-header' }>): RequestDraft {
  if (apiKeyQueryParam(draft) === fix.param) {
    const values = draft.auth.values;
    if (fix.scheme?.toLowerCase() === 'bearer') return { ...draft, auth: { scheme: 'bearer', values: { ...values, token: values.key ?? '' } } };
    return { ...draft, auth: { ...draft.auth, values: { ...values, placement: 'header', headerName: fix.header } } };
  }
  const moved = draft.query.find((row) => row.enabled && row.name === fix.param);
  if (!moved) throw new RangeError(`Lint fix: the draft has no query parameter "${fix.param}" to move`);
  const raw = moved.list ? moved.list.items.join(',') : moved.value;
  const rows = draft.query.filter((row) => !(row.enabled && row.name === fix.param));
  const withRows = draftWithQueryRows(draft, rows);
  if (sameName(fix.header, 'Authorization') && fix.scheme?.toLowerCase() === 'bearer' && draft.auth.scheme === 'none') {
    return { ...withRows, auth: { scheme: 'bearer', values: { ...draft.auth.values, token: raw } } };
  }
  return { ...withRows, headers: headerRowsWith(draft.headers, fix.header, fix.scheme ? `${fix.scheme} ${raw}` : raw) };
}

/**
 * A URL fix applied to the template: a scheme change edits only the scheme; a fix that
 * keeps base and path rewrites only the query, keeping the draft's own rows (and their
 * variables) for parameters the fix left as they were; anything else replaces the URL.
 */
function fixUrl(draft: RequestDraft, wire: WireRequest | undefined, url: string): RequestDraft {
  if (wire && url === wire.url.replace(/^http:/i, 'https:') && /^\s*http:/i.test(draft.url)) {
    return draftWithUrl(draft, draft.url.replace(/^(\s*)http:/i, '$1https:'));
  }
  if (!wire) return draftWithUrl(draft, url);
  const before = parseUrlParts(wire.url);
  const after = parseUrlParts(url);
  if (before.base !== after.base || before.path !== after.path) return draftWithUrl(draft, url);
  const authParam = apiKeyQueryParam(draft);
  let next = draft;
  if (authParam !== undefined && before.query.some((p) => p.name === authParam) && !after.query.some((p) => p.name === authParam)) {
    next = withoutAuth(draft);
  }
  const beforeRaw = new Map<string, string[]>();
  for (const p of before.query) beforeRaw.set(p.name, [...(beforeRaw.get(p.name) ?? []), p.raw ?? '']);
  const seen = new Map<string, number>();
  const rows: QueryRow[] = [];
  for (const param of after.query) {
    if (param.name === authParam) continue;
    const index = seen.get(param.name) ?? 0;
    seen.set(param.name, index + 1);
    const own = next.query.filter((r) => r.enabled && !r.list && r.name === param.name)[index];
    if (own && beforeRaw.get(param.name)?.[index] === param.raw) rows.push(own);
    else rows.push({ id: own?.id ?? draftRowId(), enabled: true, name: param.name, value: typeof param.value === 'string' ? param.value : param.value.join(',') });
  }
  const disabled = next.query.filter((r) => !r.enabled);
  return draftWithQueryRows(next, [...rows, ...disabled]);
}

function fixBodyText(draft: RequestDraft, fix: LintFix): RequestDraft {
  const kind = draft.body.kind;
  if (kind !== 'xml' && kind !== 'text' && kind !== 'json') throw new RangeError(`Lint fix ${fix.kind} needs a text body; this body is ${kind}`);
  const fixed = applyLintFix({ method: 'POST', url: 'http://body.invalid/', headers: [], body: [draft.body.texts[kind]] }, fix);
  const text = (fixed.body ?? []).join('');
  return { ...draft, body: { ...draft.body, texts: { ...draft.body.texts, [kind]: text } } };
}

/**
 * Applies a fix offered by linting this draft's wire request (`wire`, used to map URL
 * fixes back onto the template) to the draft itself: a method, a header row set or
 * removed (switching auth off when the auth tab is what produces that header), a URL, a
 * query parameter moved into the auth tab or a header, the XML declaration of a text body.
 * The draft is not modified. A fix that does not fit the draft throws a RangeError.
 */
export function applyLintFixToDraft(draft: RequestDraft, fix: LintFix, wire?: WireRequest): RequestDraft {
  switch (fix.kind) {
    case 'set-method':
      return { ...draft, method: fix.method };
    case 'set-header': {
      if (!authProduces(draft, fix.name)) return { ...draft, headers: headerRowsWith(draft.headers, fix.name, fix.value) };
      // The auth tab sends this header too. Without a typed row there is nothing to fix
      // (and copying a credential into a header row would store it); with one, the typed
      // row is the one kept, so auth is switched off.
      if (!draft.headers.some((r) => r.enabled && sameName(r.name, fix.name))) return draft;
      return { ...withoutAuth(draft), headers: headerRowsWith(draft.headers, fix.name, fix.value) };
    }
    case 'remove-header': {
      const next = authProduces(draft, fix.name) ? withoutAuth(draft) : draft;
      return { ...next, headers: next.headers.filter((row) => !(row.enabled && sameName(row.name, fix.name))) };
    }
    case 'set-url':
      return fixUrl(draft, wire, fix.url);
    case 'move-query-to-header':
      return moveQueryToHeader(draft, fix);
    case 'set-xml-encoding':
      return fixBodyText(draft, fix);
    default: {
      const unknown: never = fix;
      throw new TypeError(`Unknown lint fix kind "${(unknown as { kind?: unknown }).kind}"`);
    }
  }
}
