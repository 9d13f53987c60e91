/**
 * Explanations for authentication answers: 401 (and its proxy twin 407) read against the
 * challenges the server sent and the credentials the request carried, and 403 told apart
 * from 401 (spec §5 and §7, RFC 9110 §11, RFC 6750 §3). Credential values never appear in
 * a message: only the scheme that was sent.
 */
import type { HeaderField, WireRequest, WireResponse } from '../types';
import { headerValue, headerValues } from '../types';
import { authParam, describeChallenge, parseChallengeList, type Challenge } from '../auth/challenges';
import type { Finding } from './finding';

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

function challengeFindings(request: WireRequest, response: WireResponse, headers: ChallengeHeaders): Finding[] {
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
      findings.push({
        id: 'auth-challenge',
        severity: 'info',
        title: `The server asks for ${challenge.scheme}`,
        message: describeChallenge(challenge),
        reference: 'RFC 9110 §11.6.1',
        action: { kind: 'open-auth', scheme: challenge.scheme, ...realmOf(challenge) },
      });
    }
  }

  const asked = challenges?.map((c) => c.scheme) ?? [];
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
  const matching = challenges?.find((c) => c.scheme.toLowerCase() === sent.toLowerCase());
  if (challenges && challenges.length > 0 && !matching) {
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
  findings.push({
    id: 'auth-credentials-rejected',
    severity: 'warning',
    title: sent ? `${sent} credentials rejected` : 'Credentials without a scheme rejected',
    message: `${describeSentCredentials(sent, headers.credentials)}${matching ? ', the scheme the server asks for,' : ''} and was still refused: the credentials are missing parts, wrong, expired, revoked, or not valid for this realm.`,
    reference: headers.reference,
    ...(rejectedScheme ? { action: { kind: 'open-auth', scheme: rejectedScheme } as const } : {}),
  });
  if (matching && matching.scheme.toLowerCase() === 'bearer') {
    const bearer = bearerErrorFinding(matching);
    if (bearer) findings.push(bearer);
  }
  return findings;
}

/** A Digest challenge's realm as an action field, for the Digest form to show; other forms have no realm. */
function realmOf(challenge: Challenge): { realm?: string } {
  const realm = challenge.scheme.toLowerCase() === 'digest' ? authParam(challenge, 'realm') : undefined;
  return realm === undefined ? {} : { realm };
}

function bearerErrorFinding(challenge: Challenge): Finding | undefined {
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
      action: { kind: 'open-auth', scheme: challenge.scheme },
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

/** Explanations for a 401: challenges asked for, credentials sent, and what to change. */
export function explainUnauthorized(request: WireRequest, response: WireResponse): Finding[] {
  return challengeFindings(request, response, ORIGIN);
}

/** Explanations for a 407: the same exchange as 401, with a proxy and its own headers. */
export function explainProxyAuthentication(request: WireRequest, response: WireResponse): Finding[] {
  return challengeFindings(request, response, PROXY);
}

/**
 * Explanations for a 403: authenticated but refused. Without an Authorization header the
 * refusal is set against what a 401 would have said, and any other identifying headers the
 * request carried (cookies, API keys) are named — names only.
 */
export function explainForbidden(request: WireRequest, response: WireResponse): Finding[] {
  const sent = sentCredentialsScheme(request.headers);
  const challenges = (() => {
    const values = headerValues(response.headers, 'WWW-Authenticate');
    if (values.length === 0) return [];
    const parsed = parseChallengeList(values);
    return parsed.ok ? parsed.value : [];
  })();
  const bearer = challenges.find((c) => c.scheme.toLowerCase() === 'bearer');
  const findings: Finding[] = [];

  if (sent !== undefined) {
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
