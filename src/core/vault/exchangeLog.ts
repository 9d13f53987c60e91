/**
 * The log of an entry's exchanges: when, why, what came back — never a secret value. A
 * record is built from plain facts and every text in it is scrubbed of the entry's secrets,
 * because an error description or body excerpt may echo a token back.
 */

/**
 * Why an exchange happened: the person asked (`manual`: "Refresh now", or the Revoke,
 * Introspect and Userinfo buttons — `request` says which call it was), shortly before
 * expiry, a new refresh token was given, a request needed a token, a resource server
 * answered 401 invalid_token, or an automatic refresh that failed is tried again (`retry`).
 */
export type VaultExchangeTrigger = 'manual' | 'scheduled' | 'granted' | 'on-demand' | 'unauthorized' | 'get-tokens' | 'retry';

/**
 * What was sent, for entries with OAuth settings (issue 16): a refresh (RFC 6749 §6), the
 * client credentials grant run again, a revocation, introspection or userinfo call, or a
 * grant run by "Get tokens" (trigger `get-tokens`). Absent on records of the spec's
 * refresh and on records made before.
 */
export type VaultExchangeRequest =
  | 'refresh_token'
  | 'client_credentials'
  | 'revocation'
  | 'introspection'
  | 'userinfo'
  | 'authorization_code'
  | 'device_code'
  | 'password';

/** One step of a grant run as logged: the runner's step, texts without secrets. */
export interface VaultLoggedStep {
  at: number;
  step: string;
  outcome: 'ok' | 'waiting' | 'error';
  summary: string;
  detail?: string;
}

/** A validated ID token's claims and the checks it passed (never the token itself). */
export interface VaultLoggedIdToken {
  claims: Record<string, unknown>;
  checks: string[];
}

/** One exchange, without secret values. */
export interface VaultExchangeRecord {
  /** Local time the exchange started (ms). */
  at: number;
  trigger: VaultExchangeTrigger;
  /** Token endpoint without query or fragment. */
  endpoint: string;
  bodyFormat: 'json' | 'form';
  request?: VaultExchangeRequest;
  /** How the client authenticated (`client_secret_basic`, …; `bearer` for userinfo), never the credential. */
  clientAuthMethod?: string;
  durationMs: number;
  outcome: 'ok' | 'error';
  /** HTTP status, when an answer arrived. */
  status?: number;
  /** The server sent a new refresh token that replaced the old one. */
  rotated?: boolean;
  expiresInSeconds?: number;
  scope?: string;
  tokenType?: string;
  /** RFC 6749 error code, or the kind of the failure. */
  errorCode?: string;
  /** The failure in words, scrubbed. */
  message?: string;
  /** A grant run's steps (at most `VAULT_LOG_STEP_LIMIT`), scrubbed. */
  steps?: VaultLoggedStep[];
  /** The ID token that came with the answer and passed its checks. */
  idToken?: VaultLoggedIdToken;
}

/** Most steps kept of one grant run: the first ones and the last ones, the polling between left out. */
export const VAULT_LOG_STEP_LIMIT = 24;
/** Longest step text kept. */
const STEP_TEXT_LIMIT = 1200;

const clip = (text: string) => (text.length > STEP_TEXT_LIMIT ? `${text.slice(0, STEP_TEXT_LIMIT - 1)}…` : text);

/**
 * A grant run's steps as logged: scrubbed of `secrets`, texts clipped, and at most
 * `VAULT_LOG_STEP_LIMIT` of them — a long device polling keeps its first and last steps,
 * with one step saying how many were left out.
 */
export function vaultLoggedSteps(steps: readonly VaultLoggedStep[], secrets: readonly (string | undefined)[]): VaultLoggedStep[] {
  const scrub = (s: VaultLoggedStep): VaultLoggedStep => ({
    at: s.at,
    step: s.step,
    outcome: s.outcome,
    summary: clip(redactVaultSecrets(s.summary, secrets)),
    ...(s.detail !== undefined ? { detail: clip(redactVaultSecrets(s.detail, secrets)) } : {}),
  });
  if (steps.length <= VAULT_LOG_STEP_LIMIT) return steps.map(scrub);
  const head = Math.floor(VAULT_LOG_STEP_LIMIT / 3);
  const tail = VAULT_LOG_STEP_LIMIT - head - 1;
  const left = steps.length - head - tail;
  // The gap stands for the steps it replaces, so it ended as the first of them did.
  const gap: VaultLoggedStep = { at: steps[head]!.at, step: 'poll', outcome: steps[head]!.outcome, summary: `${left} more steps like these were left out of the log.` };
  return [...steps.slice(0, head).map(scrub), gap, ...steps.slice(-tail).map(scrub)];
}

/** Most records kept per entry; older ones fall off. */
export const VAULT_LOG_LIMIT = 50;

/** What replaces a secret found in a log text. */
export const VAULT_REDACTED = '[secret removed]';

/**
 * Replaces every occurrence of each secret in `text`. Secrets shorter than 4 characters
 * are ignored: they would match ordinary words and they are not worth hiding.
 */
export function redactVaultSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  const usable = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4).sort((a, b) => b.length - a.length);
  for (const secret of usable) out = out.split(secret).join(VAULT_REDACTED);
  return out;
}

/**
 * Builds a log record with every string field scrubbed of `secrets` and the endpoint
 * stripped of query and fragment, which could carry credentials.
 */
export function vaultExchangeRecord(facts: VaultExchangeRecord, secrets: readonly (string | undefined)[]): VaultExchangeRecord {
  let endpoint = facts.endpoint;
  try {
    const url = new URL(facts.endpoint);
    url.search = '';
    url.hash = '';
    url.username = '';
    url.password = '';
    endpoint = url.href;
  } catch {
    // Not a URL: keep the text, still scrubbed below.
  }
  const record: VaultExchangeRecord = { ...facts, endpoint };
  if (facts.steps) record.steps = vaultLoggedSteps(facts.steps, secrets);
  for (const key of Object.keys(record) as (keyof VaultExchangeRecord)[]) {
    const value = record[key];
    if (typeof value === 'string') (record as unknown as Record<string, unknown>)[key] = redactVaultSecrets(value, secrets);
  }
  return record;
}

/** The log with `record` added at the front and at most `VAULT_LOG_LIMIT` records kept. */
export function appendVaultExchange(log: readonly VaultExchangeRecord[], record: VaultExchangeRecord): VaultExchangeRecord[] {
  return [record, ...log].slice(0, VAULT_LOG_LIMIT);
}
