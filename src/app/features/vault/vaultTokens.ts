/**
 * The client's side of the three-party flow for an open vault: exchanging refresh tokens
 * (on request, shortly before expiry, on demand and once after a 401), applying the access
 * token to a request for an allowed host, and logging each exchange without secrets.
 * All rules are core's; this file only sequences them around the relay and the clock.
 * Every exchange of a sealed vault runs under a lock shared with the other tabs holding
 * it open, after adopting what they sealed (see `vaultTabs.ts`).
 */
import {
  accessTokenExpiry,
  appendVaultExchange,
  checkVaultDestination,
  decodeJwt,
  effectiveExpiry,
  estimateClockOffset,
  fail,
  headerValue,
  mapTokenResponse,
  ok,
  readUnauthorizedChallenge,
  refreshDueAt,
  refreshRetryAt,
  transitionVaultEntry,
  usableAccessToken,
  vaultAuthorization,
  vaultExchangeRecord,
  vaultRetryMayHelp,
  type CoreError,
  type HeaderField,
  type Result,
  type TokenEndpointAnswer,
  type VaultAccessToken,
  type VaultEntryConfig,
  type VaultEntryState,
  type VaultExchangeTrigger,
  type VaultTokenGrant,
} from '../../../core';
import { createVaultGrantCalls, type VaultGrantCalls } from './vaultGrantCalls';
import { checkRefreshIdToken, lastIdTokenSubject, type RefreshIdTokenCheck } from './vaultRefreshIdToken';
import { buildRenewalRequest, entrySecrets, renewsByItself, runsOwnGrant, signInAgainMessage, vaultRenewalDue, vaultRenewalOf } from './vaultRenewal';
import type { VaultCore } from './vaultSession';
import { isLaterVaultEntryState, vaultRefreshLockName } from './vaultTabs';

/** Token operations of a session; revocation, introspection and userinfo in `vaultGrantCalls.ts`. */
export interface VaultTokens extends VaultGrantCalls {
  /**
   * Renews the entry's access token now — exchanges its refresh token, or runs a client
   * credentials entry's grant again — or joins the renewal already in flight.
   */
  refresh(id: string, trigger: VaultExchangeTrigger): Promise<Result<VaultAccessToken>>;
  /** The Authorization header for a request to `url`, refreshing first when needed. */
  resolveAuth(id: string, url: string): Promise<Result<HeaderField>>;
  /** After a 401: refresh once if the challenge says the token is invalid or expired. */
  handleUnauthorized(id: string, challengeHeader: string | undefined): Promise<'refreshed' | 'not-refreshable'>;
  /** Stops the timers (the page is going away, or a test ends). */
  dispose(): void;
}

/** Scheduled refreshes of one entry are at least this far apart, whatever the server says. */
const MIN_SCHEDULED_GAP_MS = 2000;
/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Adds token operations and the refresh scheduler to a session core. */
export function createVaultTokens(core: VaultCore): VaultTokens {
  const { store, deps, flights } = core;
  const timers = new Map<string, unknown>();
  const lastScheduled = new Map<string, number>();
  /** Automatic refreshes that failed in a row, per entry, and when the last one did: the retries' backoff. */
  const failedInRow = new Map<string, { attempts: number; failedAt: number }>();
  /** Set by `dispose`: a refresh settling afterwards must not start timers again. */
  let disposed = false;

  async function exchange(id: string, trigger: VaultExchangeTrigger): Promise<Result<VaultAccessToken>> {
    const record = core.entry(id);
    if (!record) return fail({ kind: 'vault-entry-missing', message: `The vault has no entry "${id}".` });
    const { config } = record;
    const renewal = vaultRenewalOf(config, record.state);
    if (renewal === 'sign-in-again') return fail({ kind: 'vault-sign-in-again', message: signInAgainMessage(config) });
    const startedAt = deps.now();
    const started = transitionVaultEntry(record.state, { type: 'exchange-started', at: startedAt, ...(renewal === 'client-credentials' ? { byGrant: true } : {}) });
    if (!started.ok) return started;
    const refreshToken = record.state.refreshToken ?? '';
    core.updateRecord(id, (e) => ({ ...e, state: started.value }));

    let answer: TokenEndpointAnswer | undefined;
    let outcome: Result<VaultTokenGrant, CoreError>;
    let idCheck: RefreshIdTokenCheck = {};
    const built = await buildRenewalRequest(config, renewal, refreshToken);
    if (!built.ok) outcome = built;
    else {
      const sent = await deps.transport(built.value.wire);
      if (!sent.ok) outcome = sent;
      else {
        answer = sent.value;
        outcome = mapTokenResponse(answer, config.mapping);
        // An ID token on the refresh is checked like the sign-in's; failing, it refuses the tokens (openid entries).
        if (outcome.ok && runsOwnGrant(config)) {
          idCheck = await checkRefreshIdToken(config, answer, outcome.value.accessToken, { send: deps.transport, now: deps.now }, lastIdTokenSubject(record.log));
          if (idCheck.problem) outcome = fail(idCheck.problem);
        }
      }
    }
    const receivedAt = deps.now();

    const current = core.entry(id);
    if (!current || current.state.phase !== 'refreshing') {
      // Forgotten, removed or locked meanwhile: nothing to record it in.
      return fail({ kind: 'vault-exchange-abandoned', message: 'The entry went away while its exchange was in flight.' });
    }
    let access: VaultAccessToken | undefined;
    let next;
    if (outcome.ok) {
      const grant = outcome.value;
      const jwt = decodeJwt(grant.accessToken);
      const exp = jwt.ok && jwt.value.exp ? jwt.value.exp.getTime() / 1000 : undefined;
      const offset = estimateClockOffset(answer && headerValue(answer.headers, 'date'), startedAt, receivedAt);
      access = {
        token: grant.accessToken,
        obtainedAt: startedAt,
        ...accessTokenExpiry(startedAt, grant.expiresInSeconds, exp, offset ?? 0),
        ...(grant.tokenType !== undefined ? { tokenType: grant.tokenType } : {}),
        ...(grant.scope !== undefined ? { scope: grant.scope } : {}),
      };
      next = transitionVaultEntry(current.state, {
        type: 'exchange-succeeded',
        access,
        at: receivedAt,
        ...(grant.refreshToken !== undefined ? { refreshToken: grant.refreshToken } : {}),
      });
    } else {
      next = transitionVaultEntry(current.state, { type: 'exchange-failed', error: outcome.error, at: receivedAt });
    }
    if (!next.ok) return next;
    const grant = outcome.ok ? outcome.value : undefined;
    const status = answer?.status ?? (!outcome.ok && 'status' in outcome.error ? (outcome.error.status as number) : undefined);
    const logged = vaultExchangeRecord(
      {
        at: startedAt,
        trigger,
        endpoint: config.tokenUrl,
        bodyFormat: built.ok ? built.value.bodyFormat : runsOwnGrant(config) ? 'form' : config.bodyFormat,
        ...(built.ok && built.value.request ? { request: built.value.request, clientAuthMethod: config.oauth!.clientAuthMethod } : {}),
        durationMs: receivedAt - startedAt,
        outcome: outcome.ok ? 'ok' : 'error',
        ...(status !== undefined ? { status } : {}),
        ...(grant
          ? {
              rotated: grant.refreshToken !== undefined && grant.refreshToken !== refreshToken,
              ...(grant.expiresInSeconds !== undefined ? { expiresInSeconds: grant.expiresInSeconds } : {}),
              ...(grant.scope !== undefined ? { scope: grant.scope } : {}),
              ...(grant.tokenType !== undefined ? { tokenType: grant.tokenType } : {}),
              ...(grant.notes.length || idCheck.note ? { message: [...grant.notes, ...(idCheck.note ? [idCheck.note] : [])].join(' ') } : {}),
              ...(idCheck.idToken ? { idToken: idCheck.idToken } : {}),
            }
          : {}),
        ...(!outcome.ok
          ? { errorCode: ('code' in outcome.error && typeof outcome.error.code === 'string' ? outcome.error.code : outcome.error.kind), message: outcome.error.message }
          : {}),
      },
      entrySecrets(config, refreshToken, grant?.refreshToken, grant?.accessToken),
    );
    core.updateRecord(id, (e) => ({ ...e, state: next.value, log: appendVaultExchange(e.log, logged) }));
    if (!outcome.ok) return fail({ ...outcome.error, message: `The vault could not ${renewal === 'client-credentials' ? 'get a new token for' : 'refresh'} "${config.name}": ${outcome.error.message}` });
    return ok(access!);
  }

  /**
   * One exchange among all tabs. Holding the entry's lock, the tab takes the state another
   * tab sealed meanwhile; if that brought a fresh access token, there is nothing to
   * exchange, otherwise it exchanges the newest refresh token and seals the outcome before
   * the lock goes to the next tab, which then finds the rotated token in storage.
   */
  async function exchangeAmongTabs(id: string, trigger: VaultExchangeTrigger): Promise<Result<VaultAccessToken>> {
    // No Web Locks (old browsers, Node tests): only the one-tab rule of `flights` holds.
    // A memory-only vault is this tab's alone, so there is nothing to share.
    if (!deps.locks || store.getState().persistence !== 'sealed') return exchange(id, trigger);
    // What the caller saw: a later state, from storage or from another tab's message while
    // waiting for the lock, is the refresh it asked for, done by another tab.
    const asked = core.entry(id)?.state;
    return deps.locks.request(vaultRefreshLockName(id), { mode: 'exclusive' }, async () => {
      await core.adoptStored(id);
      const record = core.entry(id);
      if (asked && record && isLaterVaultEntryState(record.state, asked)) {
        const now = deps.now();
        const access = usableAccessToken(record.state, record.config, now);
        if (access && !vaultRenewalDue(record.state, record.config, now)) return ok(access);
      }
      const result = await exchange(id, trigger);
      await core.whenSaved();
      const after = core.entry(id);
      if (result.ok || after?.state.phase === 'revoked') core.announce(id);
      return result;
    });
  }

  function refresh(id: string, trigger: VaultExchangeTrigger): Promise<Result<VaultAccessToken>> {
    return flights.run(id, () => exchangeAmongTabs(id, trigger)) as Promise<Result<VaultAccessToken>>;
  }

  function closed(): CoreError | undefined {
    const { mode } = store.getState();
    if (mode === 'open') return undefined;
    if (mode === 'locked') return { kind: 'vault-locked', message: 'The vault is locked; unlock it in the Vault panel, then send again.' };
    return { kind: 'vault-not-set-up', message: 'The vault is not set up; open the Vault panel to add an entry.' };
  }

  /**
   * The entry's access token, renewed first when it is missing or due (a refresh, or the
   * client credentials grant again). Shared by `resolveAuth` and the userinfo call.
   */
  async function currentAccess(id: string): Promise<Result<VaultAccessToken>> {
    const shut = closed();
    if (shut) return fail(shut);
    const record = core.entry(id);
    if (!record) return fail({ kind: 'vault-entry-missing', message: 'The vault entry this request uses no longer exists; pick another in the Auth tab.' });
    const { config } = record;
    if (record.state.phase === 'revoked') {
      const again = runsOwnGrant(config) ? 'sign in again with "Get tokens"' : 'grant access again and give the entry the new refresh token';
      return fail({ kind: 'vault-grant-revoked', message: `The grant of "${config.name}" was revoked; ${again}.` });
    }
    const renewal = vaultRenewalOf(config, record.state);
    if (record.state.phase === 'empty' && renewal !== 'client-credentials') {
      return fail(
        runsOwnGrant(config)
          ? { kind: 'vault-no-token', message: `"${config.name}" holds no token yet; use "Get tokens" in the Vault panel.` }
          : { kind: 'vault-no-refresh-token', message: `"${config.name}" holds no refresh token yet; grant access and paste the refresh token into the entry.` },
      );
    }
    if (record.state.phase === 'refreshing' || vaultRenewalDue(record.state, config, deps.now())) {
      const refreshed = await refresh(id, 'on-demand');
      if (!refreshed.ok) {
        // An expiring token that has not expired yet is still better than no request.
        const fallback = core.entry(id);
        const stillGood = fallback && usableAccessToken(fallback.state, fallback.config, deps.now());
        if (!stillGood) return refreshed;
      }
    }
    const latest = core.entry(id);
    const access = latest && usableAccessToken(latest.state, latest.config, deps.now());
    if (access) return ok(access);
    if (latest && vaultRenewalOf(latest.config, latest.state) === 'sign-in-again') return fail({ kind: 'vault-sign-in-again', message: signInAgainMessage(config) });
    return fail({ kind: 'vault-no-access-token', message: `"${config.name}" has no valid access token; use "Refresh now" in the Vault panel to see why.` });
  }

  async function resolveAuth(id: string, url: string): Promise<Result<HeaderField>> {
    const record = core.entry(id);
    if (record && !closed()) {
      const { config } = record;
      const allowed = checkVaultDestination(url, { entryName: config.name, allowedHosts: config.allowedHosts, allowPlainHttp: config.allowPlainHttp });
      if (!allowed.ok) return allowed;
    }
    const access = await currentAccess(id);
    if (!access.ok) return access;
    return vaultAuthorization(core.entry(id)?.config.scheme ?? { kind: 'bearer' }, access.value.token);
  }

  async function handleUnauthorized(id: string, challengeHeader: string | undefined): Promise<'refreshed' | 'not-refreshable'> {
    if (closed() || !core.entry(id)) return 'not-refreshable';
    if (!readUnauthorizedChallenge(challengeHeader).tokenRejected) return 'not-refreshable';
    // Several requests may come back 401 at once: they all share the one refresh.
    if (!flights.isFlying(id)) {
      const record = core.entry(id)!;
      const rejected = transitionVaultEntry(record.state, { type: 'access-rejected', at: deps.now() });
      if (rejected.ok) core.updateRecord(id, (e) => ({ ...e, state: rejected.value }));
    }
    const refreshed = await refresh(id, 'unauthorized');
    return refreshed.ok ? 'refreshed' : 'not-refreshable';
  }

  /**
   * A refresh the vault starts by itself. Its outcome feeds the retry backoff: a failure
   * counts one more in a row (and the scheduler looks again, the count being new), any
   * success clears the count (see `reschedule`).
   */
  function automaticRefresh(id: string, trigger: VaultExchangeTrigger): void {
    lastScheduled.set(id, deps.now());
    void refresh(id, trigger).then((result) => {
      if (result.ok) {
        failedInRow.delete(id);
        return;
      }
      if (core.entry(id)?.state.phase !== 'failed') return;
      failedInRow.set(id, { attempts: (failedInRow.get(id)?.attempts ?? 0) + 1, failedAt: deps.now() });
      reschedule();
    });
  }

  /**
   * When to retry the entry's failed automatic refresh, or undefined: only while it renews
   * by itself, the failure is one a retry may fix (not a 4xx judgement of the request), and
   * the backoff (core's `refreshRetryAt`) still falls before the access token runs out.
   */
  function retryAt(config: VaultEntryConfig, state: VaultEntryState): number | undefined {
    const failed = failedInRow.get(config.id);
    if (!failed || !config.autoRefresh || !renewsByItself(vaultRenewalOf(config, state)) || !vaultRetryMayHelp(state.lastError)) return undefined;
    const expiresAt = state.access && !state.accessRejected ? effectiveExpiry(state.access, config) : undefined;
    return refreshRetryAt(failed.failedAt, failed.attempts, expiresAt);
  }

  /** Sets one timer per entry: a scheduled refresh, a retry after a failed one, or a tick when its status changes. */
  function reschedule(): void {
    for (const handle of timers.values()) deps.timers.clear(handle);
    timers.clear();
    const { mode, entries } = store.getState();
    if (mode !== 'open' || disposed) return;
    const now = deps.now();
    const later = (at: number) => Math.min(MAX_TIMER_MS, Math.max(0, at - now));
    for (const { config, state } of entries) {
      const id = config.id;
      // Renewed, emptied or revoked: the failures in a row are over. (Refreshing keeps the count for the retry in flight.)
      if (state.phase !== 'failed' && state.phase !== 'refreshing') failedInRow.delete(id);
      if (state.phase === 'failed') {
        const retry = retryAt(config, state);
        if (retry !== undefined) {
          timers.set(id, deps.timers.set(() => automaticRefresh(id, 'retry'), later(Math.max(retry, (lastScheduled.get(id) ?? -Infinity) + MIN_SCHEDULED_GAP_MS))));
          continue;
        }
      } else if (state.phase !== 'held') continue;
      // An entry that cannot renew by itself only gets the status ticks below.
      const autoDue = state.phase === 'held' && config.autoRefresh && renewsByItself(vaultRenewalOf(config, state))
        ? state.access && !state.accessRejected
          ? refreshDueAt(state.access, config)
          : now
        : undefined;
      if (autoDue !== undefined) {
        const at = Math.max(autoDue, (lastScheduled.get(id) ?? -Infinity) + MIN_SCHEDULED_GAP_MS);
        const trigger = state.access ? 'scheduled' : 'granted';
        timers.set(id, deps.timers.set(() => automaticRefresh(id, trigger), later(at)));
        continue;
      }
      if (!state.access) continue;
      const boundary = [refreshDueAt(state.access, config), effectiveExpiry(state.access, config)].find((t) => t !== undefined && t > now);
      if (boundary !== undefined) {
        timers.set(id, deps.timers.set(() => store.setState((s) => ({ tick: s.tick + 1 })), Math.min(MAX_TIMER_MS, boundary - now + 5)));
      }
    }
  }

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.entries !== previous.entries || state.mode !== previous.mode || state.tick !== previous.tick) reschedule();
  });

  return {
    ...createVaultGrantCalls(core, { currentAccess }),
    refresh,
    resolveAuth,
    handleUnauthorized,
    dispose() {
      disposed = true;
      unsubscribe();
      core.stopListening();
      for (const handle of timers.values()) deps.timers.clear(handle);
      timers.clear();
    },
  };
}
