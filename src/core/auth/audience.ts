/**
 * Explains a token's audience (spec §5 rule 4, RFC 7519 §4.1.3): `aud` names the
 * resource servers that should accept the token, `client_id` names the application that
 * requested it. Mixing them up is a common cause of 401s, so the findings say which is which.
 */

/** What one audience finding is about. */
export type AudienceFindingCode =
  | 'aud-meaning'
  | 'aud-missing'
  | 'aud-invalid'
  | 'aud-array'
  | 'aud-equals-client-id'
  | 'aud-unexpected'
  | 'aud-matches';

/** One observation about `aud`, with how much it matters. */
export interface AudienceFinding {
  code: AudienceFindingCode;
  severity: 'info' | 'warning' | 'error';
  message: string;
}

/** The audiences read from the claims, the client id used, and the findings as text. */
export interface AudienceExplanation {
  audiences: string[];
  clientId?: string;
  /** Where `clientId` came from: the caller, the `client_id` claim (RFC 9068) or `azp` (OIDC). */
  clientIdSource?: 'argument' | 'client_id' | 'azp';
  findings: AudienceFinding[];
  /** The findings' messages as one paragraph. */
  text: string;
}

function resolveClientId(
  claims: Record<string, unknown>,
  clientId: string | undefined,
): Pick<AudienceExplanation, 'clientId' | 'clientIdSource'> {
  if (clientId !== undefined && clientId !== '') return { clientId, clientIdSource: 'argument' };
  if (typeof claims.client_id === 'string') return { clientId: claims.client_id, clientIdSource: 'client_id' };
  if (typeof claims.azp === 'string') return { clientId: claims.azp, clientIdSource: 'azp' };
  return {};
}

const list = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ');

/**
 * Explains the `aud` claim of decoded `claims`. `clientId` defaults to the token's own
 * `client_id` or `azp` claim; `expectedAudience` is the identifier of the resource server
 * that will receive the token, when known.
 */
export function explainAudience(
  claims: Record<string, unknown>,
  clientId?: string,
  expectedAudience?: string,
): AudienceExplanation {
  if (typeof claims !== 'object' || claims === null) throw new TypeError('explainAudience expects the decoded claims object');
  const client = resolveClientId(claims, clientId);
  const findings: AudienceFinding[] = [];
  const aud = claims.aud;
  let audiences: string[] = [];

  findings.push({
    code: 'aud-meaning',
    severity: 'info',
    message:
      '"aud" names the resource servers (APIs) that should accept this token; "client_id" names the client application that requested it. They are different values (spec §5).',
  });

  if (aud === undefined) {
    findings.push({
      code: 'aud-missing',
      severity: 'warning',
      message:
        'The token has no "aud" claim, so it does not say which resource servers should accept it; an API that checks the audience will reject it.',
    });
  } else if (typeof aud === 'string') {
    audiences = [aud];
  } else if (Array.isArray(aud) && aud.every((a): a is string => typeof a === 'string')) {
    audiences = aud;
    findings.push(
      aud.length === 0
        ? {
            code: 'aud-missing',
            severity: 'warning',
            message: 'The "aud" claim is an empty array, so no resource server is named to accept the token.',
          }
        : {
            code: 'aud-array',
            severity: 'info',
            message: `"aud" is an array of ${aud.length} audiences (${list(aud)}); each resource server accepts the token only if its own identifier is in the list (RFC 7519 §4.1.3).`,
          },
    );
  } else {
    findings.push({
      code: 'aud-invalid',
      severity: 'error',
      message: `The "aud" claim is ${JSON.stringify(aud)}; RFC 7519 §4.1.3 allows only a string or an array of strings.`,
    });
  }

  if (client.clientId !== undefined && audiences.includes(client.clientId)) {
    findings.push({
      code: 'aud-equals-client-id',
      severity: 'warning',
      message: `"aud" contains the client id "${client.clientId}" itself. The audience should name the API that receives the token, not the application that asked for it; a token addressed to the client is usually an OpenID Connect ID token, not an access token for an API.`,
    });
  }

  if (expectedAudience !== undefined && expectedAudience !== '') {
    if (audiences.includes(expectedAudience)) {
      findings.push({
        code: 'aud-matches',
        severity: 'info',
        message: `"aud" includes "${expectedAudience}", so that resource server should accept the token's audience.`,
      });
    } else {
      findings.push({
        code: 'aud-unexpected',
        severity: 'error',
        message: `The resource server "${expectedAudience}" is not in "aud" (${audiences.length ? list(audiences) : 'none'}), so it should reject the token, typically with 401 and error="invalid_token"; request a token for that audience.`,
      });
    }
  }

  return { audiences, ...client, findings, text: findings.map((f) => f.message).join(' ') };
}
