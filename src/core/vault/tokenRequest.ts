/**
 * The token refresh request (spec §4.1): a POST of a JSON object with `client_id`,
 * `client_secret`, `refresh_token` and `grant_type: "refresh_token"` — or, for identity
 * providers that only speak RFC 6749 §6, the same as an x-www-form-urlencoded body.
 */
import { encodeBase64, utf8Encode } from '../encoding/base64';
import { encodeForm, type FormPair } from '../encoding/form';
import { fail, ok, type Result, type WireRequest } from '../types';
import { checkTokenEndpoint } from './destination';
import { VAULT_RESERVED_FIELDS, type VaultEntryConfig } from './entry';

/**
 * Builds the exchange of `refreshToken` for an access token, exactly as it goes out.
 * Fails (with `field`) when the entry lacks something the request needs, when an extra
 * field would shadow a field the exchange writes, or when the endpoint is plain http
 * without the person's confirmation.
 */
export function buildTokenRequest(config: VaultEntryConfig, refreshToken: string): Result<WireRequest> {
  const endpoint = checkTokenEndpoint(config.tokenUrl, { entryName: config.name, allowPlainHttp: config.allowPlainHttp });
  if (!endpoint.ok) return fail({ ...endpoint.error, field: 'tokenUrl' });
  if (config.clientId === '') {
    return fail({ kind: 'vault-client-id-empty', field: 'clientId', message: 'The token request needs a client_id (spec §4.1).' });
  }
  if (config.clientSecret === '' && (config.bodyFormat === 'json' || config.clientAuthentication === 'basic')) {
    return fail({ kind: 'vault-client-secret-empty', field: 'clientSecret', message: 'The token request needs a client_secret (spec §4.1).' });
  }
  if (refreshToken === '') {
    return fail({
      kind: 'vault-no-refresh-token',
      field: 'refreshToken',
      message: `The entry "${config.name}" holds no refresh token; grant access again and paste the new refresh token.`,
    });
  }
  const reserved = config.extraFields.find((f) => VAULT_RESERVED_FIELDS.includes(f.name));
  if (reserved) {
    return fail({
      kind: 'vault-extra-field-reserved',
      field: `extraFields[${config.extraFields.indexOf(reserved)}]`,
      message: `Extra field "${reserved.name}" is written by the exchange itself and cannot be overridden.`,
    });
  }
  const extras = config.extraFields.filter((f) => f.name.trim() !== '');
  const url = endpoint.value.href;
  const accept = { name: 'Accept', value: 'application/json' };

  if (config.bodyFormat === 'json') {
    const body: Record<string, string> = {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
    };
    for (const f of extras) body[f.name] = f.value;
    return ok({
      method: 'POST',
      url,
      headers: [{ name: 'Content-Type', value: 'application/json' }, accept],
      body: [JSON.stringify(body)],
    });
  }

  const pairs: FormPair[] = [
    { name: 'grant_type', value: 'refresh_token' },
    { name: 'refresh_token', value: refreshToken },
  ];
  const headers = [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }, accept];
  if (config.clientAuthentication === 'basic') {
    // RFC 6749 §2.3.1: id and secret are form-encoded before Basic; encodeForm does that and
    // its first "=" (never inside an encoded name) becomes the Basic separator.
    const joined = encodeForm([{ name: config.clientId, value: config.clientSecret }]).replace('=', ':');
    headers.push({ name: 'Authorization', value: `Basic ${encodeBase64(utf8Encode(joined))}` });
  } else {
    pairs.push({ name: 'client_id', value: config.clientId });
    if (config.clientSecret !== '') pairs.push({ name: 'client_secret', value: config.clientSecret });
  }
  pairs.push(...extras);
  return ok({ method: 'POST', url, headers, body: [encodeForm(pairs)] });
}

/** The spec's placeholders (§4), shown instead of secret values. */
export const VAULT_PLACEHOLDERS = Object.freeze({
  clientSecret: '<CLIENT_SECRET>',
  refreshToken: '<REFRESH_TOKEN>',
});

/**
 * The token request as text with the secret values replaced by the spec's placeholders,
 * so the person can see what the vault will send without the vault showing a secret.
 * Falls back to the reason when the request cannot be built yet.
 */
export function previewTokenRequest(config: VaultEntryConfig): Result<string> {
  const placeholder = { ...config, clientSecret: config.clientSecret === '' ? '' : VAULT_PLACEHOLDERS.clientSecret };
  const built = buildTokenRequest(placeholder, VAULT_PLACEHOLDERS.refreshToken);
  if (!built.ok) return built;
  const wire = built.value;
  const target = new URL(wire.url);
  const headers = wire.headers.map((h) =>
    h.name === 'Authorization' ? `${h.name}: Basic <base64(CLIENT_ID:CLIENT_SECRET)>` : `${h.name}: ${h.value}`,
  );
  let body = String(wire.body?.[0] ?? '');
  if (config.bodyFormat === 'json') body = JSON.stringify(JSON.parse(body), null, 2);
  else for (const p of Object.values(VAULT_PLACEHOLDERS)) body = body.replaceAll(encodeForm([{ name: p, value: '' }]).slice(0, -1), p);
  return ok([`POST ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`, ...headers, '', body].join('\n'));
}
