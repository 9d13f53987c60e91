/**
 * The shapes of request linting: what a finding says, the fixes the UI can apply with one
 * click, what the composer knows beyond the wire request, and what a rule is. Plain data
 * only, so findings cross workers and can be stored beside a history entry.
 */
import type { WireRequest } from '../types';

/**
 * A change the UI can apply to a request to resolve a finding, described as a value so
 * core applies it ({@link applyLintFix}) and the UI never re-implements a rule.
 * `label` is the text of the button, e.g. `Use POST`.
 */
export type LintFix =
  /** Replace the method. */
  | { label: string; kind: 'set-method'; method: string }
  /** Set one header: replaces the first header of that name in place, drops the others, or appends. */
  | { label: string; kind: 'set-header'; name: string; value: string }
  /** Remove every header of that name (case-insensitive). */
  | { label: string; kind: 'remove-header'; name: string }
  /** Replace the whole URL. */
  | { label: string; kind: 'set-url'; url: string }
  /**
   * Take query parameter `param` out of the URL and send its value in header `header`
   * instead, as `<scheme> <value>` when `scheme` is given (e.g. `Bearer`).
   */
  | { label: string; kind: 'move-query-to-header'; param: string; header: string; scheme?: string }
  /** Make the body's XML declaration say `encoding` (adding the declaration when absent). Text bodies only. */
  | { label: string; kind: 'set-xml-encoding'; encoding: string };

/** Something the linter noticed about a request before it is sent. */
export interface LintFinding {
  /** The id of the rule that produced it (see {@link LINT_RULES}). */
  id: string;
  /** `error` must be acknowledged before sending; `warning` is likely wrong; `info` is worth knowing. */
  severity: 'error' | 'warning' | 'info';
  /** What is wrong in this request, concretely: the header, the parameter, the line and column. Never a credential value. */
  message: string;
  /** The convention behind it, citing the spec section or RFC. */
  why: string;
  fix?: LintFix;
  /** Where in the request: `method`, `url`, `query:<name>`, `header:<Name>`, `body`, `auth:username`. */
  field?: string;
}

/**
 * A query parameter or path parameter whose text (after `{{variables}}`) already held
 * `%XX` escapes, which were sent as written rather than encoded again (RFC 3986 §2.4).
 * Only the escapes are kept, never the value, which may be a secret.
 */
export interface KeptEscape {
  kind: 'query' | 'path';
  /** The parameter's name as sent. */
  name: string;
  /** The distinct escapes, in order of appearance (`['%20', '%26']`). */
  escapes: string[];
}

/** What the composer knows that the wire request cannot show. */
export interface LintContext {
  /** The clock for token lifetimes; defaults to the current time. */
  now?: Date;
  /** The request was already sent from this tab or history and is about to be sent again. */
  repeating?: boolean;
  /** Basic username as typed in the auth tab (the encoded header cannot show a ':' in it). */
  basicUsername?: string;
  /** SOAP: version, and the action and endpoint the WSDL declares, when the request came from one. */
  soap?: { version: '1.1' | '1.2'; action?: string; endpoint?: string };
  /**
   * Parameters whose typed or substituted text held `%XX` escapes that were sent as written
   * (`buildWireRequest`'s `keptEscapes`); the wire cannot tell them from encoded text.
   */
  keptEscapes?: readonly KeptEscape[];
  /** Names of query parameters that hold keys or tokens; replaces {@link LINT_KEY_QUERY_PARAMS}. Compared case-insensitively. */
  keyParams?: readonly string[];
}

/**
 * One convention check. Rules are small objects in one registry so the UI can list them on
 * a Conventions page and tests can target each. Every finding a rule returns carries the
 * rule's id. `check` never throws for a well-formed request.
 */
export interface LintRule {
  id: string;
  /** A short name for lists, e.g. `Body on GET or HEAD`. */
  title: string;
  /** The convention checked, citing the spec section or RFC. */
  why: string;
  check(request: WireRequest, context: LintContext): LintFinding[];
}

/**
 * Query parameter names that, by wide convention, carry keys, tokens or secrets. A value
 * in the URL is kept by server logs, proxies and browser history (spec §5 API key).
 */
export const LINT_KEY_QUERY_PARAMS: readonly string[] = [
  'api_key',
  'apikey',
  'api-key',
  'key',
  'subscription-key',
  'subscription_key',
  'access_token',
  'token',
  'id_token',
  'auth_token',
  'refresh_token',
  'client_secret',
  'password',
];

/** Builds a finding of `rule`; `why` defaults to the rule's own. Internal to the rule modules. */
export function findingOf(
  rule: Pick<LintRule, 'id' | 'why'>,
  severity: LintFinding['severity'],
  message: string,
  extra: { why?: string; fix?: LintFix | undefined; field?: string } = {},
): LintFinding {
  const finding: LintFinding = { id: rule.id, severity, message, why: extra.why ?? rule.why };
  if (extra.fix) finding.fix = extra.fix;
  if (extra.field !== undefined) finding.field = extra.field;
  return finding;
}
