/**
 * An ID token that comes back on a refresh (OIDC Core §12.2) is checked like the one of
 * the sign-in: signature against the issuer's JWKS, iss, aud, exp, iat, at_hash where
 * present — and its subject must be the one of the sign-in. For an entry that asked for
 * `openid`, a failing ID token fails the refresh, so none of its tokens are stored; for
 * one that did not, it is ignored with a note.
 */
import { parseJson, type CoreError, type TokenEndpointAnswer, type VaultEntryConfig, type VaultExchangeRecord, type VaultLoggedIdToken, type WireRequest, type Result } from '../../../core';
import { loadOAuth } from './vaultRenewal';

/** What the check decided: the claims to show, a failure that refuses the tokens, or a note. */
export interface RefreshIdTokenCheck {
  idToken?: VaultLoggedIdToken;
  problem?: CoreError;
  note?: string;
}

/** Whether the entry asked for an ID token (`openid` among its scopes). */
export function asksForOpenId(config: VaultEntryConfig): boolean {
  return /(^|\s)openid(\s|$)/.test(config.oauth?.scope ?? '');
}

/** The subject of the last ID token the entry's log kept, from the sign-in or an earlier refresh. */
export function lastIdTokenSubject(log: readonly VaultExchangeRecord[]): string | undefined {
  const sub = log.find((r) => r.outcome === 'ok' && r.idToken)?.idToken?.claims.sub;
  return typeof sub === 'string' ? sub : undefined;
}

/** Checks the `id_token` of a refresh answer, if there is one. */
export async function checkRefreshIdToken(
  config: VaultEntryConfig,
  answer: TokenEndpointAnswer,
  accessToken: string,
  deps: { send(wire: WireRequest): Promise<Result<TokenEndpointAnswer>>; now(): number },
  signedInSubject: string | undefined,
): Promise<RefreshIdTokenCheck> {
  const body = parseJson(answer.bodyText);
  const idToken = body.ok && typeof body.value === 'object' && body.value !== null ? (body.value as Record<string, unknown>).id_token : undefined;
  if (typeof idToken !== 'string' || config.oauth === undefined) return {};
  const { verifyIdToken } = await loadOAuth();
  const { issuer, jwksUri } = config.oauth;
  const valid = await verifyIdToken({ clientId: config.clientId, issuer: issuer.trim(), jwksUri: jwksUri.trim() }, deps, idToken, accessToken);
  let problem: CoreError | undefined = valid.ok ? undefined : valid.error;
  if (valid.ok && signedInSubject !== undefined && valid.value.claims.sub !== signedInSubject) {
    problem = {
      kind: 'oidc-id-token-sub',
      field: 'id_token',
      message: `The refreshed ID token names subject "${String(valid.value.claims.sub)}", not "${signedInSubject}" of the sign-in (OIDC Core §12.2 requires the same).`,
    };
  }
  if (valid.ok && !problem) return { idToken: { claims: { ...valid.value.claims }, checks: [...valid.value.checks.map((c) => c.name), ...(signedInSubject !== undefined ? ['sub as at sign-in'] : [])] } };
  const why = problem!.message;
  if (!asksForOpenId(config)) return { note: `An ID token came with the refresh but was not trusted (${why}); the entry does not ask for openid, so the tokens were kept.` };
  return {
    problem: {
      ...problem!,
      message: `The ID token that came with the refresh failed its check: ${why} None of the new tokens were stored. If the server rotated the refresh token, the one kept here may now be refused: then sign in again with "Get tokens".`,
    },
  };
}
