/**
 * A vault entry's settings: where and how to exchange its refresh token (spec §4.1), how
 * to read the answer, how to apply the access token and to which hosts it may travel.
 * Token values are not settings — they live in the entry's state (`entryState.ts`) because
 * they change with every exchange and rotation.
 */
import type { CoreError } from '../types';
import { parseJsonPointer } from './jsonPointer';
import { parseVaultHostPattern } from './destination';

/** How the token request body is encoded: the spec's JSON (§4.1) or RFC 6749's form. */
export type VaultBodyFormat = 'json' | 'form';

/**
 * Where client credentials go in an RFC 6749 form request: in the body (§2.3.1) or as
 * HTTP Basic. The spec's JSON body always carries them in the body.
 */
export type VaultClientAuthentication = 'body' | 'basic';

/** The `Authorization` scheme the access token is sent with (spec §5). */
export type VaultScheme = { kind: 'bearer' } | { kind: 'jwt' } | { kind: 'custom'; prefix: string };

/**
 * JSON pointers (RFC 6901) into the token response. The spec does not name the response
 * fields (§4 gaps), so each is overridable; the defaults are RFC 6749 §5.1's names.
 */
export interface VaultResponseMapping {
  accessToken: string;
  expiresIn: string;
  refreshToken: string;
  tokenType: string;
}

/** One additional body field of the token request, such as `scope` or `audience`. */
export interface VaultExtraField {
  name: string;
  value: string;
}

/** How the vault obtains the entry's first tokens itself (issue 16); absent for a pasted refresh token. */
export type VaultGrantType = 'manual' | 'authorization_code' | 'client_credentials' | 'device_code' | 'password';

/**
 * The OAuth 2.0 / OpenID Connect side of an entry: where the provider's endpoints are, how
 * the client authenticates, what is asked for. Secrets (private key, password) are sealed
 * with the rest of the entry. The token endpoint is the entry's `tokenUrl`, the client id
 * and secret are its `clientId` and `clientSecret`.
 */
export interface VaultOAuthSettings {
  grant: VaultGrantType;
  /** The issuer discovery was run for, when it was. */
  issuer: string;
  authorizationEndpoint: string;
  deviceAuthorizationEndpoint: string;
  revocationEndpoint: string;
  introspectionEndpoint: string;
  userinfoEndpoint: string;
  jwksUri: string;
  clientAuthMethod: 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';
  /** For private_key_jwt: PKCS #8 PEM or a private JWK (a secret). */
  privateKey: string;
  signingAlg: string;
  keyId: string;
  scope: string;
  audience: string;
  /** RFC 8707 resource indicators, one per line in the form. */
  resources: string[];
  /** PKCE on the authorization code grant (on unless the person turns it off). */
  usePkce: boolean;
  /** PKCE methods the server advertised, from discovery. */
  pkceMethods: string[];
  /** The redirect URI registered with the provider; empty means this server's /oauth/callback. */
  redirectUri: string;
  /** Paste the redirected URL by hand instead of receiving it on loopback. */
  manualRedirect: boolean;
  /** For the password grant (removed by RFC 9700 §2.4; kept for legacy servers). */
  username: string;
  password: string;
  /**
   * Extra parameters of the authorization request (e.g. `prompt`, `login_hint`,
   * `acr_values`). The token request's extra parameters are the entry's `extraFields`.
   * Absent on entries made before they existed.
   */
  authorizationParameters?: VaultExtraField[];
  /** What the server said it supports, kept from its discovery document so the form can grey out the rest. */
  discovered?: VaultDiscoveredSupport;
  /**
   * Refuse a sign-in redirect without `iss` (RFC 9207 §2.4). Discovery turns it on when the
   * server advertises `authorization_response_iss_parameter_supported`; the person may set
   * it for a server entered by hand. Absent on entries made before it existed (off).
   */
  requireIssParameter?: boolean;
}

/** The parts of a discovery document (RFC 8414 / OIDC Discovery) the entry keeps; PKCE methods are `pkceMethods`. */
export interface VaultDiscoveredSupport {
  /** Local time discovery ran (ms). */
  at: number;
  source: 'openid-configuration' | 'oauth-authorization-server';
  /** `grant_types_supported`, as the server spells them (URIs for the device grant). */
  grantTypes: string[];
  /** `token_endpoint_auth_methods_supported`. */
  clientAuthMethods: string[];
  /** `authorization_response_iss_parameter_supported` (RFC 9207 §3); absent on entries discovered before it was kept. */
  issParameterSupported?: boolean;
}

/** OAuth settings with nothing filled in: a pasted refresh token, as before issue 16. */
export function newVaultOAuthSettings(): VaultOAuthSettings {
  return {
    grant: 'manual',
    issuer: '',
    authorizationEndpoint: '',
    deviceAuthorizationEndpoint: '',
    revocationEndpoint: '',
    introspectionEndpoint: '',
    userinfoEndpoint: '',
    jwksUri: '',
    clientAuthMethod: 'client_secret_basic',
    privateKey: '',
    signingAlg: 'RS256',
    keyId: '',
    scope: '',
    audience: '',
    resources: [],
    usePkce: true,
    pkceMethods: [],
    redirectUri: '',
    manualRedirect: false,
    username: '',
    password: '',
    authorizationParameters: [],
    requireIssParameter: false,
  };
}

/** Everything a person configures on an entry, secrets included (they are sealed at rest). */
export interface VaultEntryConfig {
  id: string;
  name: string;
  /** `{auth_url}/<version>/token`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  bodyFormat: VaultBodyFormat;
  clientAuthentication: VaultClientAuthentication;
  extraFields: VaultExtraField[];
  mapping: VaultResponseMapping;
  scheme: VaultScheme;
  /** Host patterns the access token may be sent to: `api.example.com`, `*.example.com`, `host:port`. */
  allowedHosts: string[];
  /**
   * The person confirmed that this entry's tokens and secrets may travel over plain
   * http (spec §5: Bearer tokens must only travel over TLS), e.g. for a loopback sandbox.
   */
  allowPlainHttp: boolean;
  /** Refresh shortly before expiry without being asked. */
  autoRefresh: boolean;
  /** How long before expiry an automatic refresh happens (seconds). */
  refreshLeadSeconds: number;
  /** How far this machine's clock may be off the issuer's (seconds); tokens count as expired that much earlier. */
  clockSkewSeconds: number;
  /** How the vault obtains tokens itself (issue 16); absent on entries made before it. */
  oauth?: VaultOAuthSettings;
}

/** RFC 6749 §5.1's field names as pointers. */
export const VAULT_DEFAULT_MAPPING: Readonly<VaultResponseMapping> = Object.freeze({
  accessToken: '/access_token',
  expiresIn: '/expires_in',
  refreshToken: '/refresh_token',
  tokenType: '/token_type',
});

/** Body fields the exchange writes itself; an extra field may not shadow them. */
export const VAULT_RESERVED_FIELDS: readonly string[] = ['grant_type', 'refresh_token', 'client_id', 'client_secret'];

/**
 * Token request fields an entry whose grant the vault runs itself may not add: each grant's
 * own fields, client authentication, and what the entry's Scopes, Audience and Resources
 * fields already send.
 */
export const VAULT_RESERVED_TOKEN_PARAMETERS: readonly string[] = [
  ...VAULT_RESERVED_FIELDS,
  'code',
  'redirect_uri',
  'code_verifier',
  'device_code',
  'username',
  'password',
  'client_assertion',
  'client_assertion_type',
  'scope',
  'audience',
  'resource',
];

/** Authorization request parameters Wirebench writes itself (RFC 6749 §4.1.1, RFC 7636, OIDC, RFC 8707) or the entry's fields send. */
export const VAULT_RESERVED_AUTHORIZATION_PARAMETERS: readonly string[] = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'resource',
  'audience',
];

/** Why a parameter is reserved, in words that say where its value comes from instead. */
function reservedReason(name: string): string {
  if (name === 'scope') return 'it comes from "Scopes asked for"';
  if (name === 'audience') return 'it comes from "Audience"';
  if (name === 'resource') return 'it comes from "Resources"';
  return 'Wirebench writes it itself';
}

/**
 * Problems of a name/value list of extra parameters: a value without a name, reserved
 * names, names given twice; blank rows are skipped (and not sent). `field` is the list's field name (`extraFields`, `oauth.authorizationParameters`).
 */
export function vaultParameterProblems(list: readonly VaultExtraField[], reserved: readonly string[], field: string, what: string): CoreError[] {
  const problems: CoreError[] = [];
  list.forEach((f, i) => {
    const at = `${field}[${i}]`;
    const name = f.name.trim();
    // A row left blank is no parameter (the table's "Add" leaves one).
    if (name === '' && f.value.trim() === '') return;
    if (name === '') problems.push({ kind: 'vault-extra-field-name', field: at, message: `${what} ${i + 1} has no name.` });
    else if (reserved.includes(name)) {
      problems.push({ kind: 'vault-extra-field-reserved', field: at, message: `${what} "${name}" cannot be set here: ${reservedReason(name)}.` });
    } else if (list.findIndex((g) => g.name.trim() === name) !== i) {
      problems.push({ kind: 'vault-extra-field-duplicate', field: at, message: `${what} "${name}" appears twice.` });
    }
  });
  return problems;
}

/** A new entry with the spec's defaults: JSON body, Bearer, 30 s lead, 30 s skew, auto refresh on. */
export function newVaultEntryConfig(id: string, name = 'New entry'): VaultEntryConfig {
  if (id === '') throw new RangeError('A vault entry needs a non-empty id');
  return {
    id,
    name,
    tokenUrl: '',
    clientId: '',
    clientSecret: '',
    bodyFormat: 'json',
    clientAuthentication: 'body',
    extraFields: [],
    mapping: { ...VAULT_DEFAULT_MAPPING },
    scheme: { kind: 'bearer' },
    allowedHosts: [],
    allowPlainHttp: false,
    autoRefresh: true,
    refreshLeadSeconds: 30,
    clockSkewSeconds: 30,
  };
}

const MAPPING_FIELDS: readonly (keyof VaultResponseMapping)[] = ['accessToken', 'expiresIn', 'refreshToken', 'tokenType'];

/**
 * Every problem with an entry's settings, each naming its field (`tokenUrl`,
 * `mapping.expiresIn`, `allowedHosts[2]`, …), so a form can show it beside the input.
 * An empty list means the entry can exchange tokens once it holds a refresh token.
 */
export function vaultEntryProblems(config: VaultEntryConfig): CoreError[] {
  const problems: CoreError[] = [];
  const add = (field: string, kind: string, message: string) => problems.push({ kind, field, message });
  if (config.name.trim() === '') add('name', 'vault-name-empty', 'Give the entry a name so requests can pick it.');
  const url = tokenUrlProblem(config.tokenUrl);
  if (url) add('tokenUrl', 'vault-token-url', url);
  if (config.clientId === '') add('clientId', 'vault-client-id-empty', 'The token request needs a client_id (spec §4.1).');
  if (config.clientSecret === '' && config.bodyFormat === 'json') {
    add('clientSecret', 'vault-client-secret-empty', 'The spec\'s JSON token request needs a client_secret (spec §4.1).');
  }
  const ownGrant = config.oauth !== undefined && config.oauth.grant !== 'manual';
  if (ownGrant) {
    problems.push(...vaultParameterProblems(config.extraFields, VAULT_RESERVED_TOKEN_PARAMETERS, 'extraFields', 'Token request parameter'));
    problems.push(...vaultParameterProblems(config.oauth?.authorizationParameters ?? [], VAULT_RESERVED_AUTHORIZATION_PARAMETERS, 'oauth.authorizationParameters', 'Authorization parameter'));
  } else {
    config.extraFields.forEach((f, i) => {
      const field = `extraFields[${i}]`;
      if (f.name.trim() === '') add(field, 'vault-extra-field-name', `Extra field ${i + 1} has no name.`);
      else if (VAULT_RESERVED_FIELDS.includes(f.name)) {
        add(field, 'vault-extra-field-reserved', `Extra field "${f.name}" is written by the exchange itself and cannot be overridden.`);
      } else if (config.extraFields.findIndex((g) => g.name === f.name) !== i) {
        add(field, 'vault-extra-field-duplicate', `Extra field "${f.name}" appears twice.`);
      }
    });
  }
  for (const key of MAPPING_FIELDS) {
    const parsed = parseJsonPointer(config.mapping[key]);
    if (!parsed.ok) add(`mapping.${key}`, parsed.error.kind, parsed.error.message);
  }
  if (config.scheme.kind === 'custom' && !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(config.scheme.prefix)) {
    add(
      'scheme.prefix',
      'vault-scheme-prefix',
      config.scheme.prefix === ''
        ? 'A custom scheme needs a prefix, e.g. "Token".'
        : `The prefix "${config.scheme.prefix}" is not an RFC 9110 token (letters, digits and !#$%&'*+-.^_\`|~, no spaces).`,
    );
  }
  if (config.allowedHosts.length === 0) {
    add('allowedHosts', 'vault-hosts-empty', 'List at least one host the token may be sent to; the vault sends it nowhere else.');
  }
  config.allowedHosts.forEach((h, i) => {
    const parsed = parseVaultHostPattern(h);
    if (!parsed.ok) add(`allowedHosts[${i}]`, parsed.error.kind, parsed.error.message);
  });
  if (!Number.isFinite(config.refreshLeadSeconds) || config.refreshLeadSeconds < 0) {
    add('refreshLeadSeconds', 'vault-lead', 'The refresh lead must be zero or more seconds.');
  }
  if (!Number.isFinite(config.clockSkewSeconds) || config.clockSkewSeconds < 0 || config.clockSkewSeconds > 3600) {
    add('clockSkewSeconds', 'vault-skew', 'The allowed clock skew must be between 0 and 3600 seconds.');
  }
  return problems;
}

function tokenUrlProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Enter the token endpoint, e.g. https://auth.example.com/v1/token (spec §4.1).';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not an absolute URL; the token endpoint needs a scheme and a host.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `The token endpoint must be http or https, not ${url.protocol}`;
  if (url.username || url.password) return 'Do not put credentials in the token endpoint URL; URLs end up in logs.';
  return undefined;
}

/**
 * A note when the token URL does not have the spec's shape `{auth_url}/<version>/token`
 * (a versioned path ending in `token`). Not an error: identity providers differ.
 */
export function tokenUrlShapeNote(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.at(-1) !== 'token') return 'The spec\'s token endpoint path ends in "token" (§4.1); this one does not.';
  if (segments.length < 2 || !/^v?\d+(\.\d+)*$/i.test(segments.at(-2)!)) {
    return 'The spec\'s token endpoint has a version segment before "token", e.g. /v1/token (§4.1).';
  }
  return undefined;
}
