/**
 * What is inside the sealed envelope, validated with zod when it is opened: a vault sealed
 * by another version or damaged by hand is refused with the path of the first bad value,
 * and nothing stored is deleted.
 */
import { z } from 'zod';
import { fail, ok, settleInterruptedExchange, type Result, type VaultEntryConfig, type VaultEntryState, type VaultExchangeRecord } from '../../../core';

/** One entry as sealed: settings, token state and exchange log. */
export interface VaultEntryRecord {
  config: VaultEntryConfig;
  state: VaultEntryState;
  log: VaultExchangeRecord[];
}

/** The sealed payload, versioned. */
export interface VaultPayload {
  version: 1;
  entries: VaultEntryRecord[];
  /** Secrets taken out of stored requests and environments, by `{{secret:…}}` reference name (see `src/app/base/secrets`). */
  secrets?: Record<string, string>;
}

const errorShape = z.looseObject({ kind: z.string(), message: z.string() });

const fieldShape = z.object({ name: z.string(), value: z.string() });

const configShape = z.object({
  id: z.string().min(1),
  name: z.string(),
  tokenUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  bodyFormat: z.enum(['json', 'form']),
  clientAuthentication: z.enum(['body', 'basic']),
  extraFields: z.array(fieldShape),
  mapping: z.object({ accessToken: z.string(), expiresIn: z.string(), refreshToken: z.string(), tokenType: z.string() }),
  scheme: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('bearer') }),
    z.object({ kind: z.literal('jwt') }),
    z.object({ kind: z.literal('custom'), prefix: z.string() }),
  ]),
  allowedHosts: z.array(z.string()),
  allowPlainHttp: z.boolean(),
  autoRefresh: z.boolean(),
  refreshLeadSeconds: z.number(),
  clockSkewSeconds: z.number(),
  oauth: z
    .object({
      grant: z.enum(['manual', 'authorization_code', 'client_credentials', 'device_code', 'password']),
      issuer: z.string(),
      authorizationEndpoint: z.string(),
      deviceAuthorizationEndpoint: z.string(),
      revocationEndpoint: z.string(),
      introspectionEndpoint: z.string(),
      userinfoEndpoint: z.string(),
      jwksUri: z.string(),
      clientAuthMethod: z.enum(['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt']),
      privateKey: z.string(),
      signingAlg: z.string(),
      keyId: z.string(),
      scope: z.string(),
      audience: z.string(),
      resources: z.array(z.string()),
      usePkce: z.boolean(),
      pkceMethods: z.array(z.string()),
      redirectUri: z.string(),
      manualRedirect: z.boolean(),
      username: z.string(),
      password: z.string(),
      // Added later: absent on entries sealed before.
      authorizationParameters: z.array(fieldShape).optional(),
      discovered: z
        .object({
          at: z.number(),
          source: z.enum(['openid-configuration', 'oauth-authorization-server']),
          grantTypes: z.array(z.string()),
          clientAuthMethods: z.array(z.string()),
          issParameterSupported: z.boolean().optional(),
        })
        .optional(),
      requireIssParameter: z.boolean().optional(),
    })
    .optional(),
});

const stateShape = z.object({
  phase: z.enum(['empty', 'held', 'refreshing', 'failed', 'revoked']),
  refreshToken: z.string().optional(),
  access: z
    .object({
      token: z.string(),
      tokenType: z.string().optional(),
      scope: z.string().optional(),
      obtainedAt: z.number(),
      expiresAt: z.number().optional(),
      expirySource: z.enum(['expires_in', 'jwt-exp']).optional(),
    })
    .optional(),
  accessRejected: z.boolean().optional(),
  lastError: errorShape.optional(),
  grantedAt: z.number().optional(),
  rotations: z.number(),
});

const logShape = z.object({
  at: z.number(),
  trigger: z.enum(['manual', 'scheduled', 'granted', 'on-demand', 'unauthorized', 'get-tokens', 'retry']),
  endpoint: z.string(),
  bodyFormat: z.enum(['json', 'form']),
  request: z.enum(['refresh_token', 'client_credentials', 'revocation', 'introspection', 'userinfo', 'authorization_code', 'device_code', 'password']).optional(),
  clientAuthMethod: z.string().optional(),
  durationMs: z.number(),
  outcome: z.enum(['ok', 'error']),
  status: z.number().optional(),
  rotated: z.boolean().optional(),
  expiresInSeconds: z.number().optional(),
  scope: z.string().optional(),
  tokenType: z.string().optional(),
  errorCode: z.string().optional(),
  message: z.string().optional(),
  // Added with the grant runs' log: absent on records sealed before.
  steps: z
    .array(z.object({ at: z.number(), step: z.string(), outcome: z.enum(['ok', 'waiting', 'error']), summary: z.string(), detail: z.string().optional() }))
    .optional(),
  idToken: z.object({ claims: z.record(z.string(), z.unknown()), checks: z.array(z.string()) }).optional(),
});

const payloadShape = z.object({
  version: z.literal(1),
  entries: z.array(z.object({ config: configShape, state: stateShape, log: z.array(logShape) })),
  secrets: z.record(z.string().startsWith('secret:'), z.string()).optional(),
});

/**
 * Validates an opened payload. On unlock (`settle`, the default) exchanges cut short by a
 * reload are settled; a tab re-reading what another live tab sealed passes `settle: false`,
 * since that tab's exchange may well still be in flight.
 */
export function readVaultPayload(value: unknown, { settle = true }: { settle?: boolean } = {}): Result<VaultPayload> {
  const parsed = payloadShape.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    return fail({
      kind: 'vault-payload-invalid',
      field: path,
      message: `The vault opened, but its contents are not what this Wirebench expects at "${path || '(top)'}": ${issue.message}. Nothing was changed.`,
    });
  }
  const payload = parsed.data as VaultPayload;
  if (!settle) return ok(payload);
  return ok({ ...payload, entries: payload.entries.map((e) => ({ ...e, state: settleInterruptedExchange(e.state) })) });
}
