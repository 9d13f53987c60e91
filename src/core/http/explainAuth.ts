/**
 * Explanations for authentication answers: 401 (and its proxy twin 407) read against the
 * challenges the server sent and the credentials the request carried, and 403 told apart
 * from 401 (spec §5 and §7, RFC 9110 §11, RFC 6750 §3). "Carried" means as sent: the caller
 * passes the request as the relay wrote it (`requestAsSent`), so an Authorization the relay
 * added answering a Digest challenge, or a Cookie from the jar, counts. A challenge answered
 * by a cookie (the Cookie scheme) is explained as a session, and the body's own error code
 * (`bodyAuthError`) decides whether a 403 is authentication or authorization failing. An
 * action offers to set up only a scheme the request has not set up. Credential values never
 * appear in a message: only the scheme that was sent.
 */
import type { HeaderField, WireRequest, WireResponse } from '../types';
import { headerValue, headerValues } from '../types';
import { authParam, describeChallenge, parseChallengeList, type Challenge } from '../auth/challenges';
import { challengeCarrier, sessionCookieChallenge } from '../auth/challengeCarrier';
import { authSchemeForChallenge } from '../inspect/challengeScheme';
import { bodyAuthError, type BodyAuthError } from './bodyAuthError';
import type { ExplainAction, Finding } from './finding';
import type { StatusInfo } from './status';

/** What the composer knew when the request was sent, beyond what the wire shows. */
export interface AuthContext {
  /**
   * The composer's auth scheme for this request (`none`, `basic`, `digest`, `sigv4`, `vault`…):
   * a finding then offers to set up only a scheme that is not set up already, and offers to
   * check the one that is.
   */
  composedAuth?: string;
  /** False when "Send and store cookies" was off for this request (no jar sent or kept cookies). */
  cookieJar?: boolean;
}

/** The header pair a challenge-response exchange uses: origin (401) or proxy (407). */
interface ChallengeHeaders {
  challenge: 'WWW-Authenticate' | 'Proxy-Authenticate';
  credentials: 'Authorization' | 'Proxy-Authorization';
  reference: string;
}

const ORIGIN: ChallengeHeaders = {
  challenge: 'WWW-Authenticate',
  credentials: 'Authorization',
  reference: 'RFC 9110 §15.5.2',
};
const PROXY: ChallengeHeaders = {
  challenge: 'Proxy-Authenticate',
  credentials: 'Proxy-Authorization',
  reference: 'RFC 9110 §15.5.8',
};

/** Headers other than Authorization that APIs commonly identify a caller by (names only). */
const IDENTITY_HEADER = /^(cookie|x-api-key|api-key|apikey|ocp-apim-subscription-key|x-auth-token|x-access-token)$|api[-_]?key|subscription-key/i;

// A scheme is a token followed by the credentials. A single word is not read as a scheme,
// because APIs that take a bare key in Authorization would otherwise have it printed.
const SENT_SCHEME = /^[ \t]*([!#$%&'*+\-.^_`|~0-9A-Za-z]{1,32})[ \t]+\S/;

/**
 * The auth-scheme of a credentials header as sent: undefined when the header is absent,
 * '' when it is empty or carries no recognisable scheme (e.g. a bare key). Only the scheme
 * is ever returned, so the credential itself is never carried further.
 */
export function sentCredentialsScheme(headers: readonly HeaderField[], name = 'Authorization'): string | undefined {
  const value = headerValue(headers, name);
  if (value === undefined) return undefined;
  return SENT_SCHEME.exec(value)?.[1] ?? '';
}

/** "Your request sent Authorization with the Basic scheme (…)", never the credential. */
export function describeSentCredentials(scheme: string, header = 'Authorization'): string {
  return scheme === ''
    ? `Your request sent an ${header} header with no recognisable scheme (its value is not shown)`
    : `Your request sent ${header} with the ${scheme} scheme (the credential itself is not shown)`;
}

/** Whether the composer already has the scheme that answers a challenge of `challengeScheme` (the vault supplies Bearer tokens). */
function alreadySetUp(challengeScheme: string, context: AuthContext): boolean {
  const composed = context.composedAuth;
  if (composed === undefined || composed === 'none') return false;
  const wanted = authSchemeForChallenge(challengeScheme);
  return wanted === composed || (composed === 'vault' && wanted === 'bearer');
}

/** The one-click fix for a challenge: the cookie jar, setting up its scheme, or nothing when that scheme is set up already. */
function setUpAction(challenge: Challenge, headers: ChallengeHeaders, context: AuthContext): ExplainAction | undefined {
  if (challengeCarrier(challenge.scheme, headers.credentials).via === 'cookie-jar') return { kind: 'open-cookies' };
  if (headers === ORIGIN && alreadySetUp(challenge.scheme, context)) return undefined;
  return { kind: 'open-auth', scheme: challenge.scheme, ...realmOf(challenge) };
}

/** For credentials the server refused: check the scheme already set up, or set up the one sent. */
function refusedAction(scheme: string, headers: ChallengeHeaders, context: AuthContext): ExplainAction | undefined {
  if (headers === ORIGIN && context.composedAuth && alreadySetUp(scheme, context)) return { kind: 'review-auth', scheme: context.composedAuth };
  return scheme ? { kind: 'open-auth', scheme } : undefined;
}

/** Names of the cookies a request's Cookie headers carry (never their values). */
export function sentCookieNames(headers: readonly HeaderField[]): string[] {
  return headerValues(headers, 'Cookie')
    .flatMap((line) => line.split(';'))
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name !== '');
}

const JAR_ON = 'with "Send and store cookies" on (Options)';

/**
 * A 401 whose challenge is answered by a cookie: the session cookie it names was not sent,
 * or was sent and refused. About the Cookie header, never Authorization; the fix is a login
 * and the jar, not an auth scheme.
 */
function sessionCookieFindings(request: WireRequest, challenge: Challenge, context: AuthContext): Finding[] {
  const { cookieName, formAction } = sessionCookieChallenge(challenge);
  const sent = sentCookieNames(request.headers);
  const login = formAction ? `Log in at ${formAction}` : 'Log in';
  const jarOff = context.cookieJar === false ? ' "Send and store cookies" is off for this request, so no jar sent or kept a cookie.' : '';
  const reference = 'RFC 6265 §5.4';
  const named = cookieName !== undefined && sent.some((n) => n === cookieName);
  if (named || (cookieName === undefined && sent.length > 0)) {
    const which = named ? `the "${cookieName}" cookie` : `cookies (${sent.join(', ')})`;
    return [
      {
        id: 'auth-session-cookie-rejected',
        severity: 'warning',
        title: named ? `Session cookie "${cookieName}" not accepted` : 'Session cookies not accepted',
        message: `Your request sent ${which} (values not shown), and the server does not accept it as a session: it expired, was ended by a logout, or the server no longer knows it. ${login} again ${JAR_ON}; the jar keeps the new session cookie and sends it from then on.${jarOff}`,
        reference,
        action: { kind: 'open-cookies' },
      },
    ];
  }
  const what = cookieName ? `"${cookieName}" cookie` : 'session cookie';
  return [
    {
      id: 'auth-session-cookie-missing',
      severity: 'warning',
      title: `No ${what} sent`,
      message: `Your request ${sent.length ? `sent cookies (${sent.join(', ')}), but not the ${what}` : 'carried no Cookie header'}, so the server has no session to go on. The answer to this challenge is a cookie, not an Authorization header: ${login.charAt(0).toLowerCase()}${login.slice(1)} ${JAR_ON}, and the jar sends the session cookie it sets with each request to this site.${jarOff}`,
      reference,
      action: { kind: 'open-cookies' },
    },
  ];
}

function challengeFindings(request: WireRequest, response: WireResponse, headers: ChallengeHeaders, context: AuthContext = {}): Finding[] {
  const findings: Finding[] = [];
  const values = headerValues(response.headers, headers.challenge);
  const sent = sentCredentialsScheme(request.headers, headers.credentials);
  const parsed = values.length > 0 ? parseChallengeList(values) : undefined;
  const challenges: Challenge[] | undefined = parsed?.ok ? parsed.value : undefined;

  if (parsed && !parsed.ok) {
    findings.push({
      id: 'auth-challenge-syntax',
      severity: 'error',
      title: `Malformed ${headers.challenge}`,
      message: `The ${headers.challenge} header does not follow the challenge grammar, so a client cannot reliably tell which credentials to send. ${parsed.error.message}`,
      reference: 'RFC 9110 §11.6.1',
    });
  } else if (!challenges || challenges.length === 0) {
    findings.push({
      id: 'auth-challenge-missing',
      severity: 'error',
      title: `${response.status} without ${headers.challenge}`,
      message: `Server convention violation: a ${response.status} response must carry a ${headers.challenge} header with at least one challenge (${headers.reference}), which tells the client which credentials to send. This server sent ${values.length === 0 ? 'none' : 'an empty one'}, so you have to learn the expected scheme from its documentation.`,
      reference: headers.reference,
    });
  } else {
    for (const challenge of challenges) {
      const carrier = challengeCarrier(challenge.scheme, headers.credentials);
      const action = carrier.via === 'cookie-jar' ? undefined : setUpAction(challenge, headers, context);
      findings.push({
        id: 'auth-challenge',
        severity: 'info',
        title: carrier.via === 'cookie-jar' ? 'The server asks for a session cookie' : `The server asks for ${challenge.scheme}`,
        message:
          carrier.via === 'cookie-jar'
            ? `${describeChallenge(challenge)} Its answer travels in the ${carrier.header} header: the session cookie a login sets, which the cookie jar stores and sends.`
            : `${describeChallenge(challenge)}${action ? '' : ` This request already uses ${challenge.scheme}.`}`,
        reference: 'RFC 9110 §11.6.1',
        ...(action ? { action } : {}),
      });
    }
  }

  // Challenges answered by a cookie are about the session, not Authorization.
  const cookieChallenge = challenges?.find((c) => challengeCarrier(c.scheme, headers.credentials).via === 'cookie-jar');
  const authChallenges = challenges?.filter((c) => challengeCarrier(c.scheme, headers.credentials).via === 'auth-scheme');
  if (cookieChallenge && authChallenges?.length === 0) {
    findings.push(...sessionCookieFindings(request, cookieChallenge, context));
    return findings;
  }

  const asked = authChallenges?.map((c) => c.scheme) ?? [];
  const askedList = asked.join(' or ');
  if (sent === undefined) {
    findings.push({
      id: 'auth-credentials-missing',
      severity: 'warning',
      title: `No ${headers.credentials} sent`,
      message: `Your request sent no ${headers.credentials} header, so the server could not identify you.${askedList ? ` Send credentials for ${askedList}.` : ''}`,
      reference: headers.reference,
    });
    return findings;
  }
  const matching = authChallenges?.find((c) => c.scheme.toLowerCase() === sent.toLowerCase());
  if (authChallenges && authChallenges.length > 0 && !matching) {
    findings.push({
      id: 'auth-scheme-mismatch',
      severity: 'error',
      title: `Sent ${sent || 'no scheme'}, server asks for ${askedList}`,
      message: `${describeSentCredentials(sent, headers.credentials)}, but the server asks for ${askedList}. ${
        sent === ''
          ? `Credentials are written as the scheme, a space, then the credentials (e.g. "${asked[0] ?? 'Bearer'} <credentials>").`
          : 'Schemes are compared case-insensitively (RFC 9110 §11.1), so this is a different scheme, not a spelling: send credentials in a scheme the server offers.'
      }`,
      reference: 'RFC 9110 §11.6.1',
      action: { kind: 'open-auth', scheme: asked[0] ?? sent },
    });
    return findings;
  }
  const rejectedScheme = matching?.scheme ?? sent;
  const action = refusedAction(rejectedScheme, headers, context);
  const digest = sent.toLowerCase() === 'digest';
  findings.push({
    id: 'auth-credentials-rejected',
    severity: 'warning',
    title: sent ? `${sent} credentials rejected` : 'Credentials without a scheme rejected',
    message: `${describeSentCredentials(sent, headers.credentials)}${matching ? ', the scheme the server asks for,' : ''} and was still refused: ${
      digest
        ? 'Digest never sends the password, so the server compared its own hash with the one sent and they differ — the user name or password is wrong for this realm (or the answer hashed another method, URI or body).'
        : 'the credentials are missing parts, wrong, expired, revoked, or not valid for this realm.'
    }`,
    reference: headers.reference,
    ...(action ? { action } : {}),
  });
  if (matching && matching.scheme.toLowerCase() === 'bearer') {
    const bearer = bearerErrorFinding(matching, action);
    if (bearer) findings.push(bearer);
  }
  return findings;
}

/** A Digest challenge's realm as an action field, for the Digest form to show; other forms have no realm. */
function realmOf(challenge: Challenge): { realm?: string } {
  const realm = challenge.scheme.toLowerCase() === 'digest' ? authParam(challenge, 'realm') : undefined;
  return realm === undefined ? {} : { realm };
}

function bearerErrorFinding(challenge: Challenge, action: ExplainAction | undefined): Finding | undefined {
  const error = authParam(challenge, 'error');
  const description = authParam(challenge, 'error_description');
  const expired = description !== undefined && /expir/i.test(description);
  if (error === 'invalid_token' || expired) {
    return {
      id: 'auth-token-invalid',
      severity: 'error',
      title: expired ? 'Access token expired' : 'Access token rejected (invalid_token)',
      message: `The server rejected the bearer token${description ? `: "${description}"` : ''}. An invalid_token error means the token is expired, revoked, malformed or otherwise invalid (RFC 6750 §3.1). If it expired, exchange your refresh token for a new access token (spec §4.1) and send the request again with it.`,
      reference: 'RFC 6750 §3.1',
      ...(action ? { action } : {}),
    };
  }
  if (error === 'invalid_request') {
    return {
      id: 'auth-token-request-invalid',
      severity: 'error',
      title: 'Bearer request malformed (invalid_request)',
      message: `The server says the token was sent in a malformed way${description ? ` ("${description}")` : ''}: a parameter is missing or repeated, or the token was sent in more than one place. RFC 6750 §3.1 answers this with 400, not 401. Send the token only in "Authorization: Bearer <token>".`,
      reference: 'RFC 6750 §3.1',
    };
  }
  return undefined;
}

/** Explanations for a 401: challenges asked for, credentials sent (as the relay wrote them), and what to change. */
export function explainUnauthorized(request: WireRequest, response: WireResponse, context: AuthContext = {}): Finding[] {
  return challengeFindings(request, response, ORIGIN, context);
}

/** Explanations for a 407: the same exchange as 401, with a proxy and its own headers. */
export function explainProxyAuthentication(request: WireRequest, response: WireResponse): Finding[] {
  return challengeFindings(request, response, PROXY);
}

/**
 * The status summary of a 403 whose body names an authentication failure (AWS answers a
 * wrong signature with 403 SignatureDoesNotMatch): the status speaks of authentication
 * failing, as the body does, instead of the registry's "authenticated but not allowed".
 */
export function authenticationFailureSummary(error: BodyAuthError, status: number, info: StatusInfo): Finding {
  return {
    id: 'status',
    severity: 'error',
    title: `${status} ${info.reason}`,
    message: `The server could not authenticate the request: its own error, ${error.code}, is an authentication failure, which this API answers with ${status} where RFC 9110 would use 401 with a challenge. Permissions are not the question yet, and sending the same request again will fail the same way.`,
    next: error.check,
    reference: info.reference,
    verdict: { blame: 'request', outcome: 'failed' },
  };
}

/** The body's own error code when it names an authentication failure, for a 403's summary. */
export function forbiddenAuthenticationError(response: WireResponse): BodyAuthError | undefined {
  const error = response.status === 403 ? bodyAuthError(response) : undefined;
  return error?.kind === 'authentication' ? error : undefined;
}

/**
 * Explanations for a 403: authenticated but refused — unless the body's own error says the
 * credentials themselves were not accepted (a signature that does not match), which is
 * authentication failing. Without an Authorization header the refusal is set against what a
 * 401 would have said, and any other identifying headers the request carried (cookies, API
 * keys) are named — names only.
 */
export function explainForbidden(request: WireRequest, response: WireResponse, context: AuthContext = {}): Finding[] {
  const sent = sentCredentialsScheme(request.headers);
  const authenticationError = forbiddenAuthenticationError(response);
  const challenges = (() => {
    const values = headerValues(response.headers, 'WWW-Authenticate');
    if (values.length === 0) return [];
    const parsed = parseChallengeList(values);
    return parsed.ok ? parsed.value : [];
  })();
  const bearer = challenges.find((c) => c.scheme.toLowerCase() === 'bearer');
  const findings: Finding[] = [];

  if (sent !== undefined && authenticationError) {
    const review = context.composedAuth && context.composedAuth !== 'none' ? ({ kind: 'review-auth', scheme: context.composedAuth } as const) : undefined;
    findings.push({
      id: 'forbidden-authentication-failed',
      severity: 'error',
      title: `Not authenticated: ${authenticationError.code}`,
      message: `${describeSentCredentials(sent, 'Authorization')}, and the server's own error, ${authenticationError.code} (${authenticationError.where}), says it could not verify them: authentication failed, answered with 403. ${authenticationError.check}`,
      reference: 'RFC 9110 §11.4',
      ...(review ? { action: review } : {}),
    });
  } else if (sent !== undefined) {
    findings.push({
      id: 'forbidden-authenticated',
      severity: 'error',
      title: 'Authenticated, but refused',
      message: `${describeSentCredentials(sent, 'Authorization')}. The server knows who you are and refuses this caller access to the resource: authorization failed, not authentication. Sending the same credentials again will not help; you need an identity with the needed permission, role or scope.`,
      reference: 'RFC 9110 §15.5.4',
    });
  } else {
    const others = [...new Set(request.headers.filter((h) => IDENTITY_HEADER.test(h.name)).map((h) => h.name))];
    findings.push({
      id: 'forbidden-without-credentials',
      severity: 'warning',
      title: 'Refused, and no Authorization was sent',
      message: `Your request carried no Authorization header. If credentials could help, a 401 with a WWW-Authenticate challenge would be the expected answer; a 403 says the server refuses the request regardless${others.length > 0 ? ` — or that it identified you by ${others.join(', ')} (values not shown) and refuses that identity` : ', or that it identifies callers another way (a cookie, an API-key header, a client certificate)'}.`,
      reference: 'RFC 9110 §15.5.4',
    });
  }
  if (bearer && authParam(bearer, 'error') === 'insufficient_scope') {
    const scope = authParam(bearer, 'scope');
    findings.push({
      id: 'auth-insufficient-scope',
      severity: 'error',
      title: 'Token lacks the required scope',
      message: `The token is valid but does not carry the privileges this resource needs (RFC 6750 §3.1 insufficient_scope)${scope ? `; the scope needed is "${scope}"` : ''}. Request a token with that scope.`,
      reference: 'RFC 6750 §3.1',
      action: { kind: 'open-auth', scheme: bearer.scheme },
    });
  }
  return findings;
}
