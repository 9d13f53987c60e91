/**
 * Insomnia's `authentication` objects and Wirebench auth, both ways. Basic, Bearer (its
 * prefix: `Bearer` or empty is Bearer, another word a custom scheme), API key (header or
 * query; a cookie as a `Cookie` header), Digest, OAuth 1.0, Hawk and AWS IAM (SigV4) map
 * one to one; OAuth 2.0 comes as its stored access token, or as a vault entry to create;
 * NTLM, netrc, ASAP and anything else are named, never guessed. An object without a
 * `type` (Insomnia's "inherit from parent") is the folder's auth.
 */
import type { DraftAuth } from '../request';
import type { HeaderField } from '../types';
import type { ImportedVaultDraft } from './importResult';
import { vaultExportSchemeWord, type VaultSchemeWords } from './postmanAuth';

type Json = Record<string, unknown>;

/** What an Insomnia auth object becomes. `inherit`: no type, so the enclosing folder's auth applies. */
export type InsomniaAuthMapping =
  | { inherit: true }
  | { auth: DraftAuth; warnings: string[]; header?: HeaderField; vaultDraft?: ImportedVaultDraft };

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

const GRANT_FLOWS: Readonly<Record<string, ImportedVaultDraft['flow']>> = {
  authorization_code: 'authorizationCode',
  client_credentials: 'clientCredentials',
  password: 'password',
  implicit: 'implicit',
};

/** The host of a URL for a vault draft's allowed hosts, when it has a real one (no `{{variable}}` host). */
function hostOf(url: string): string | undefined {
  try {
    const host = new URL(url).host;
    return host && !host.includes('{') ? host : undefined;
  } catch {
    return undefined;
  }
}

/** Reads an Insomnia `authentication` object (already through the template conversion). `requestUrl` names the hosts a vault draft may send to. */
export function authFromInsomnia(block: unknown, requestUrl: string): InsomniaAuthMapping {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return { inherit: true };
  const a = block as Json;
  const type = str(a.type);
  if (type === '' || type === 'inherit') return { inherit: true };
  const none = (warning?: string): InsomniaAuthMapping => ({ auth: { scheme: 'none', values: {} }, warnings: warning ? [warning] : [] });
  if (a.disabled === true && type !== 'none') return none(`its ${type} auth is disabled in Insomnia, so it was imported as No auth (its settings were not carried)`);
  switch (type) {
    case 'none':
      return none();
    case 'basic':
      return {
        auth: { scheme: 'basic', values: { username: str(a.username), password: str(a.password) } },
        warnings: a.useISO88591 === true ? ['Basic auth was encoded as ISO-8859-1 in Insomnia; Wirebench encodes it as UTF-8 (the same bytes for ASCII names and passwords)'] : [],
      };
    case 'bearer': {
      const prefix = str(a.prefix).trim();
      if (prefix === '' || prefix.toLowerCase() === 'bearer') return { auth: { scheme: 'bearer', values: { token: str(a.token) } }, warnings: [] };
      return { auth: { scheme: 'custom', values: { scheme: prefix, mode: 'token68', credentials: str(a.token) } }, warnings: [] };
    }
    case 'apikey': {
      const addTo = str(a.addTo);
      if (addTo === 'cookie') {
        return { auth: { scheme: 'none', values: {} }, header: { name: 'Cookie', value: `${str(a.key)}=${str(a.value)}` }, warnings: ['its API key is sent in a cookie; it was imported as a Cookie header'] };
      }
      return { auth: { scheme: 'apikey', values: { headerName: str(a.key), key: str(a.value), placement: addTo === 'queryParams' ? 'query' : 'header' } }, warnings: [] };
    }
    case 'digest':
      return { auth: { scheme: 'digest', values: { username: str(a.username), password: str(a.password), algorithm: '', realm: '' } }, warnings: [] };
    case 'oauth1': {
      const method = str(a.signatureMethod).toUpperCase() || 'HMAC-SHA1';
      const warnings: string[] = [];
      if (method === 'RSA-SHA1') warnings.push('OAuth 1.0 RSA-SHA1 signing is not supported (HMAC-SHA1, HMAC-SHA256 and PLAINTEXT are); its private key was not carried and HMAC-SHA1 is set');
      if (str(a.callback) || str(a.verifier)) warnings.push('OAuth 1.0 callback and verifier were not carried (Wirebench signs with the token you have)');
      if (a.includeBodyHash === true) warnings.push('OAuth 1.0 body hash (oauth_body_hash) is not sent');
      return {
        auth: {
          scheme: 'oauth1',
          values: {
            consumerKey: str(a.consumerKey),
            consumerSecret: str(a.consumerSecret),
            token: str(a.tokenKey),
            tokenSecret: str(a.tokenSecret),
            signatureMethod: method === 'RSA-SHA1' ? 'HMAC-SHA1' : method,
            timestamp: str(a.timestamp),
            nonce: str(a.nonce),
            realm: str(a.realm),
            version: str(a.version) || '1.0',
          },
        },
        warnings,
      };
    }
    case 'hawk':
      return {
        auth: { scheme: 'hawk', values: { authId: str(a.id), authKey: str(a.key), algorithm: str(a.algorithm) === 'sha1' ? 'sha1' : 'sha256', ext: str(a.ext), app: '', dlg: '', timestamp: '', nonce: '' } },
        warnings: a.validatePayload === true ? ['Hawk payload validation is not done (the MAC covers the request without a payload hash)'] : [],
      };
    case 'iam':
      return {
        auth: {
          scheme: 'sigv4',
          values: { accessKeyId: str(a.accessKeyId), secretAccessKey: str(a.secretAccessKey), sessionToken: str(a.sessionToken), region: str(a.region) || 'us-east-1', service: str(a.service) || 'execute-api', payload: 'signed', signWith: 'header' },
        },
        warnings: [],
      };
    case 'oauth2': {
      const token = str(a.accessToken);
      const prefix = str(a.tokenPrefix).trim();
      if (token !== '') {
        const auth: DraftAuth = prefix === '' || prefix.toLowerCase() === 'bearer' ? { scheme: 'bearer', values: { token } } : { scheme: 'custom', values: { scheme: prefix, mode: 'token68', credentials: token } };
        return { auth, warnings: ['OAuth 2.0 was imported as its stored access token; use the vault to fetch fresh tokens'] };
      }
      const grant = str(a.grantType);
      const flow = GRANT_FLOWS[grant];
      const host = hostOf(requestUrl);
      const vaultDraft: ImportedVaultDraft | undefined = flow
        ? {
            name: `Insomnia OAuth 2.0 (${grant.replace(/_/g, ' ')})`,
            securityScheme: 'Insomnia oauth2',
            flow,
            ...(str(a.accessTokenUrl) ? { tokenUrl: str(a.accessTokenUrl) } : {}),
            ...(str(a.authorizationUrl) ? { authorizationUrl: str(a.authorizationUrl) } : {}),
            scopes: str(a.scope).split(/\s+/).filter((s) => s !== ''),
            allowedHosts: host ? [host] : [],
          }
        : undefined;
      return {
        auth: { scheme: 'none', values: {} },
        warnings: [`OAuth 2.0 (${grant || 'no grant type'}) has no stored token in the export, so no auth was set: create the vault entry offered${flow ? '' : ' by hand'} and pick it as the request's auth (client id and secret were not carried)`],
        ...(vaultDraft ? { vaultDraft } : {}),
      };
    }
    default:
      return none(`Insomnia auth type "${type}" is not supported, so it was imported as No auth`);
  }
}

/** An Insomnia `authentication` object for a Wirebench auth, or the header to send instead (a custom scheme with parameters). */
export function authToInsomnia(auth: DraftAuth, vaultSchemes?: VaultSchemeWords): { authentication: Json; header?: HeaderField } {
  const v = auth.values;
  switch (auth.scheme) {
    case 'none':
      return { authentication: { type: 'none' } };
    case 'basic':
      return { authentication: { type: 'basic', username: v.username ?? '', password: v.password ?? '', disabled: false } };
    case 'bearer':
      return { authentication: { type: 'bearer', token: v.token ?? '', prefix: '', disabled: false } };
    case 'jwt':
      return { authentication: { type: 'bearer', token: v.token ?? '', prefix: 'JWT', disabled: false } };
    case 'apikey':
      return { authentication: { type: 'apikey', key: v.headerName || 'Ocp-Apim-Subscription-Key', value: v.key ?? '', addTo: v.placement === 'query' ? 'queryParams' : 'header', disabled: false } };
    case 'digest':
      return { authentication: { type: 'digest', username: v.username ?? '', password: v.password ?? '', disabled: false } };
    case 'oauth1':
      return {
        authentication: {
          type: 'oauth1',
          consumerKey: v.consumerKey ?? '',
          consumerSecret: v.consumerSecret ?? '',
          tokenKey: v.token ?? '',
          tokenSecret: v.tokenSecret ?? '',
          signatureMethod: v.signatureMethod || 'HMAC-SHA1',
          version: v.version || '1.0',
          nonce: v.nonce ?? '',
          timestamp: v.timestamp ?? '',
          realm: v.realm ?? '',
          disabled: false,
        },
      };
    case 'hawk':
      return { authentication: { type: 'hawk', id: v.authId ?? '', key: v.authKey ?? '', algorithm: v.algorithm || 'sha256', ext: v.ext ?? '', disabled: false } };
    case 'sigv4':
      return { authentication: { type: 'iam', accessKeyId: v.accessKeyId ?? '', secretAccessKey: v.secretAccessKey ?? '', sessionToken: v.sessionToken ?? '', region: v.region || 'us-east-1', service: v.service || 'execute-api', disabled: false } };
    case 'custom':
      if (v.mode === 'token68' || (v.mode ?? '') === '') return { authentication: { type: 'bearer', token: v.credentials ?? '', prefix: v.scheme ?? '', disabled: false } };
      return {
        authentication: { type: 'none' },
        header: { name: 'Authorization', value: `${v.scheme ?? ''} ${(v.params ?? '').split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).join(', ')}`.trim() },
      };
    case 'vault': {
      const word = vaultExportSchemeWord(auth, vaultSchemes);
      return { authentication: { type: 'bearer', token: '{{accessToken}}', prefix: word.toLowerCase() === 'bearer' ? '' : word, disabled: false } };
    }
    default:
      return { authentication: { type: 'none' } };
  }
}

