/**
 * What the vault does with a grant it ran itself (issue 16): stores the tokens it gave
 * (`grant-completed`) and seals them. Revocation, introspection and userinfo are in
 * `vaultGrantCalls.ts`; renewal in `vaultRenewal.ts`.
 */
import { appendVaultExchange, fail, ok, parseJson, transitionVaultEntry, vaultExchangeRecord, type Result, type TokenEndpointAnswer, type VaultExchangeRecord } from '../../../core';
import { explainOAuthError, type GrantOutcome } from '../../../core/oauth';
import { accessFromGrant } from './vaultGrantSettings';
import { entrySecrets } from './vaultRenewal';
import type { VaultCore } from './vaultSession';

export interface VaultGrants {
  /**
   * Stores what a grant answered (access token, refresh token when given), seals it and
   * tells the other tabs. `logged`, the run's log record, is added in the same step.
   */
  completeGrant(id: string, outcome: GrantOutcome, logged?: VaultExchangeRecord): Result<void>;
  /** Adds a grant run that stored no token (failed or cancelled) to the entry's exchange log. */
  logGrantRun(id: string, logged: VaultExchangeRecord): void;
}

/** An answer that is not what was asked for, said plainly: an OAuth error, an HTML page, a bare status. */
export function explainEndpointAnswer(what: string, answer: TokenEndpointAnswer): string {
  const json = parseJson(answer.bodyText);
  const body = json.ok && typeof json.value === 'object' && json.value !== null ? (json.value as Record<string, unknown>) : undefined;
  if (typeof body?.error === 'string') {
    return `The ${what} answered ${answer.status}: ${explainOAuthError(body.error, typeof body.error_description === 'string' ? body.error_description : undefined)}`;
  }
  const type = answer.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  if (/html/i.test(type) || /^\s*<(!doctype|html)/i.test(answer.bodyText)) {
    return `The ${what} answered ${answer.status} with an HTML page, not JSON: the URL is probably a web page (a login page or an app) rather than the endpoint. Check it under Endpoints, or discover it from the issuer.`;
  }
  return `The ${what} answered ${answer.status}${json.ok ? '' : ', not JSON'}.`;
}

export function createVaultGrants(core: VaultCore): VaultGrants {
  /** The record scrubbed of the entry's secrets and of `tokens`, whatever a step text says. */
  const scrubbed = (id: string, logged: VaultExchangeRecord, ...tokens: (string | undefined)[]) => {
    const config = core.entry(id)?.config;
    return config ? vaultExchangeRecord(logged, entrySecrets(config, ...tokens)) : logged;
  };

  function completeGrant(id: string, outcome: GrantOutcome, logged?: VaultExchangeRecord): Result<void> {
    const record = core.entry(id);
    if (!record) return fail({ kind: 'vault-entry-missing', message: `The vault has no entry "${id}".` });
    const { access, refreshToken } = accessFromGrant(outcome);
    const next = transitionVaultEntry(record.state, { type: 'grant-completed', access, at: core.deps.now(), ...(refreshToken ? { refreshToken } : {}) });
    if (!next.ok) {
      if (logged) logGrantRun(id, { ...logged, outcome: 'error', errorCode: next.error.kind, message: next.error.message });
      return next;
    }
    const entry = logged && scrubbed(id, logged, access.token, refreshToken);
    core.updateRecord(id, (e) => ({ ...e, state: next.value, log: entry ? appendVaultExchange(e.log, entry) : e.log }));
    // A new grant: the other tabs drop the old tokens once this one is sealed.
    void core.whenSaved().then(() => core.announce(id));
    return ok(undefined);
  }

  function logGrantRun(id: string, logged: VaultExchangeRecord): void {
    if (!core.entry(id)) return;
    const entry = scrubbed(id, logged);
    core.updateRecord(id, (e) => ({ ...e, log: appendVaultExchange(e.log, entry) }));
  }
  return { completeGrant, logGrantRun };
}
