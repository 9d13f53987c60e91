/**
 * Postman auth blocks and Wirebench auth, both ways. Basic, Bearer, API key (header or
 * query), Digest, AWS Signature V4 (`awsv4`: header or query) and no-auth map one to one;
 * an OAuth 2.0 block with an access token is sent as that Bearer token; other Postman
 * types are reported, never guessed.
 */
import { applyAuth, authScheme, digestAlgorithm } from '../auth';
import type { DraftAuth } from '../request';
import type { HeaderField } from '../types';

/** A Postman auth block: `{type, <type>: [{key, value, type}]}`. */
export type PostmanAuthBlock = { type: string } & Record<string, unknown>;

/** What a Postman auth block becomes: an auth, or none with the reason. */
export type PostmanAuthMapping = { auth: DraftAuth; warning?: string } | { auth?: undefined; warning: string };

function text(value: unknown): string {
  return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The attributes of a block by name. v2.1 writes them as `[{key, value}]`; v2.0 (and v1's
 * `auth`) as an object keyed by name (`{username: "ada"}`), which the transformer maps
 * one to one, so both are read.
 */
function attributes(block: PostmanAuthBlock): Map<string, string> {
  const list = block[block.type];
  const out = new Map<string, string>();
  if (Array.isArray(list)) {
    for (const attribute of list) {
      if (attribute && typeof attribute === 'object' && typeof (attribute as { key?: unknown }).key === 'string') {
        out.set((attribute as { key: string }).key, text((attribute as { value?: unknown }).value));
      }
    }
  } else if (list && typeof list === 'object') {
    for (const [key, value] of Object.entries(list)) out.set(key, text(value));
  }
  return out;
}

/** Reads a Postman auth block. */
export function authFromPostman(block: PostmanAuthBlock): PostmanAuthMapping {
  const a = attributes(block);
  switch (block.type) {
    case 'noauth':
      return { auth: { scheme: 'none', values: {} } };
    case 'basic':
      return { auth: { scheme: 'basic', values: { username: a.get('username') ?? '', password: a.get('password') ?? '' } } };
    case 'bearer':
      return { auth: { scheme: 'bearer', values: { token: a.get('token') ?? '' } } };
    case 'apikey': {
      const placement = a.get('in') === 'query' ? 'query' : 'header';
      return { auth: { scheme: 'apikey', values: { headerName: a.get('key') ?? '', key: a.get('value') ?? '', placement } } };
    }
    case 'oauth2': {
      const token = a.get('accessToken');
      if (!token) return { warning: 'OAuth 2.0 auth without a stored access token was not imported; get a token through the vault' };
      const inQuery = a.get('addTokenTo') === 'queryParams';
      return {
        auth: { scheme: 'bearer', values: { token } },
        warning: `OAuth 2.0 auth was imported as its stored access token sent as a Bearer token${inQuery ? ' in the Authorization header (Postman put it in the query)' : ''}; use the vault to fetch fresh tokens`,
      };
    }
    case 'digest': {
      // Postman keeps the last challenge's realm, nonce, qop… too; the relay answers whatever the server asks next.
      const algorithm = (a.get('algorithm') ?? '').toUpperCase();
      const known = algorithm === '' || digestAlgorithm(algorithm) !== undefined;
      return {
        auth: { scheme: 'digest', values: { username: a.get('username') ?? '', password: a.get('password') ?? '', algorithm: known ? (digestAlgorithm(algorithm) ?? '') : '', realm: a.get('realm') ?? '' } },
        ...(known ? {} : { warning: `Digest algorithm "${a.get('algorithm')}" is not one Wirebench knows; the strongest the server offers is used` }),
      };
    }
    case 'awsv4':
      return {
        auth: {
          scheme: 'sigv4',
          values: {
            accessKeyId: a.get('accessKey') ?? '',
            secretAccessKey: a.get('secretKey') ?? '',
            sessionToken: a.get('sessionToken') ?? '',
            region: a.get('region') || 'us-east-1',
            service: a.get('service') || 'execute-api',
            payload: 'signed',
            signWith: a.get('addAuthDataToQuery') === 'true' ? 'query' : 'header',
          },
        },
      };
    case 'oauth1': {
      const keys = ['consumerKey', 'consumerSecret', 'token', 'tokenSecret', 'signatureMethod', 'nonce', 'realm', 'version'] as const;
      const values: Record<string, string> = Object.fromEntries(keys.map((k) => [k, a.get(k) ?? '']));
      values.timestamp = a.get('timestamp') ?? a.get('timeStamp') ?? '';
      if (!values.signatureMethod) values.signatureMethod = 'HMAC-SHA1';
      const query = a.get('addParamsToHeader') === 'false';
      return { auth: { scheme: 'oauth1', values }, ...(query ? { warning: 'OAuth 1.0 parameters are sent in the Authorization header (Postman put them in the query or body)' } : {}) };
    }
    case 'hawk':
      return {
        auth: {
          scheme: 'hawk',
          values: { authId: a.get('authId') ?? '', authKey: a.get('authKey') ?? '', algorithm: a.get('algorithm') || 'sha256', ext: a.get('extraData') ?? '', app: a.get('app') ?? a.get('appId') ?? '', dlg: a.get('delegation') ?? '', timestamp: a.get('timestamp') ?? '', nonce: a.get('nonce') ?? '' },
        },
      };
    default:
      return { warning: `Postman auth type "${block.type}" is not supported; the request was imported without it` };
  }
}

const attribute = (key: string, value: string) => ({ key, value, type: 'string' });

/**
 * Per vault entry id, the word its token is sent with (`Bearer`, `JWT` or a custom
 * prefix). A draft holds only the entry id; the scheme lives in the vault, so an export
 * that wants the header the request really sends is handed this by the app.
 */
export type VaultSchemeWords = Readonly<Record<string, string>>;

/**
 * The scheme word for a vault auth: the entry's when `vaultSchemes` knows it, else
 * Bearer, the vault's default and what OAuth 2.0 access tokens are sent with.
 */
export function vaultExportSchemeWord(auth: DraftAuth, vaultSchemes?: VaultSchemeWords): string {
  const word = auth.vaultEntryId === undefined ? undefined : vaultSchemes?.[auth.vaultEntryId];
  return word && word.trim() !== '' ? word.trim() : 'Bearer';
}

/**
 * A Postman auth block for a Wirebench auth, or, for schemes Postman has no block for
 * (JWT, custom, a vault entry sent with JWT or a custom prefix), the Authorization header
 * to add instead. A vault token is written as the `{{accessToken}}` variable, never its value.
 */
export function authToPostman(auth: DraftAuth, vaultSchemes?: VaultSchemeWords): { block: PostmanAuthBlock } | { header: HeaderField } | { none: true } {
  const v = auth.values;
  switch (auth.scheme) {
    case 'none':
      return { block: { type: 'noauth' } };
    case 'basic':
      return { block: { type: 'basic', basic: [attribute('username', v.username ?? ''), attribute('password', v.password ?? '')] } };
    case 'bearer':
      return { block: { type: 'bearer', bearer: [attribute('token', v.token ?? '')] } };
    case 'apikey':
      return {
        block: { type: 'apikey', apikey: [attribute('key', v.headerName || 'Ocp-Apim-Subscription-Key'), attribute('value', v.key ?? ''), attribute('in', v.placement === 'query' ? 'query' : 'header')] },
      };
    case 'jwt':
    case 'custom': {
      const applied = applyAuth(auth.scheme, v);
      const header = applied.ok ? applied.value.headers[0] : undefined;
      if (header) return { header };
      // A `{{variable}}` token is not a valid JWT or token68 yet; write the header as the person would.
      if (auth.scheme === 'jwt') return { header: { name: 'Authorization', value: `JWT ${v.token ?? ''}` } };
      return { header: { name: 'Authorization', value: `${v.scheme ?? ''} ${v.mode === 'token68' ? (v.credentials ?? '') : (v.params ?? '').split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).join(', ')}`.trim() } };
    }
    case 'digest':
      return { block: { type: 'digest', digest: [attribute('username', v.username ?? ''), attribute('password', v.password ?? ''), attribute('algorithm', v.algorithm || 'MD5'), ...(v.realm ? [attribute('realm', v.realm)] : [])] } };
    case 'sigv4':
      return {
        block: {
          type: 'awsv4',
          awsv4: [
            attribute('accessKey', v.accessKeyId ?? ''),
            attribute('secretKey', v.secretAccessKey ?? ''),
            ...(v.sessionToken ? [attribute('sessionToken', v.sessionToken)] : []),
            attribute('region', v.region || 'us-east-1'),
            attribute('service', v.service || 'execute-api'),
            ...(v.signWith === 'query' ? [attribute('addAuthDataToQuery', 'true')] : []),
          ],
        },
      };
    case 'oauth1':
      return {
        block: {
          type: 'oauth1',
          oauth1: [
            ...['consumerKey', 'consumerSecret', 'token', 'tokenSecret', 'nonce', 'realm'].map((k) => attribute(k, v[k] ?? '')),
            attribute('signatureMethod', v.signatureMethod || 'HMAC-SHA1'),
            attribute('timestamp', v.timestamp ?? ''),
            attribute('version', v.version ?? '1.0'),
            attribute('addParamsToHeader', 'true'),
          ],
        },
      };
    case 'hawk':
      return {
        block: {
          type: 'hawk',
          hawk: [attribute('authId', v.authId ?? ''), attribute('authKey', v.authKey ?? ''), attribute('algorithm', v.algorithm || 'sha256'), attribute('extraData', v.ext ?? ''), attribute('app', v.app ?? ''), attribute('delegation', v.dlg ?? ''), attribute('timestamp', v.timestamp ?? ''), attribute('nonce', v.nonce ?? '')],
        },
      };
    case 'vault': {
      const word = vaultExportSchemeWord(auth, vaultSchemes);
      // Postman's bearer block always writes "Bearer"; any other word has to be a header.
      if (word.toLowerCase() === 'bearer') return { block: { type: 'bearer', bearer: [attribute('token', '{{accessToken}}')] } };
      return { header: { name: 'Authorization', value: `${word} {{accessToken}}` } };
    }
    default:
      return { none: true };
  }
}

/** Whether two auths send the same thing: same scheme, same values of that scheme's own fields. */
export function sameAuth(a: DraftAuth | undefined, b: DraftAuth | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.scheme !== b.scheme) return false;
  if (a.scheme === 'vault') return a.vaultEntryId === b.vaultEntryId;
  const fields = authScheme(a.scheme)?.fields ?? [];
  return fields.every((f) => (a.values[f.name] ?? f.default ?? '') === (b.values[f.name] ?? f.default ?? ''));
}
