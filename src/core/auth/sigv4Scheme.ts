/**
 * The AWS Signature Version 4 scheme as a descriptor: its fields, their checks, and a
 * `sign` step that runs on the final request at send time (the signature covers the
 * method, URL, headers, body and the moment). The signer itself loads on first use.
 */
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { AuthSchemeDescriptor } from './authTypes';
import { SIGV4_MAX_EXPIRES, type SigV4Settings } from './sigv4Settings';
export { SIGV4_MAX_EXPIRES, type SigV4Settings } from './sigv4Settings';

const DEFAULTS: Record<string, string> = { region: 'us-east-1', service: 'execute-api', payload: 'signed', signWith: 'header', expires: '3600' };

/** Reads "Sign with" and, for a presigned URL, "Expires in (s)": a whole number from 1 to 604800. */
function readPlacement(value: (name: string) => string): Result<{ presign?: { expiresIn: number } }> {
  const signWith = value('signWith');
  if (signWith === 'header') return ok({});
  if (signWith !== 'query') return fail({ kind: 'auth-field-invalid', field: 'signWith', message: `"Sign with" must be "header" or "query", not "${signWith}".` });
  const expires = value('expires');
  const seconds = /^\d{1,7}$/.test(expires) ? Number(expires) : NaN;
  if (!(seconds >= 1 && seconds <= SIGV4_MAX_EXPIRES)) {
    return fail({
      kind: 'sigv4-expires-invalid',
      field: 'expires',
      message: `"Expires in (s)" must be a whole number of seconds from 1 to ${SIGV4_MAX_EXPIRES} (7 days, AWS's limit for a presigned URL), not "${expires}".`,
    });
  }
  return ok({ presign: { expiresIn: seconds } });
}

/** Reads and checks the form values; a failure's `field` names the field to fix. */
export function readSigV4Settings(values: Readonly<Record<string, string>>): Result<SigV4Settings> {
  const value = (name: string) => (values[name] ?? DEFAULTS[name] ?? '').trim();
  const accessKeyId = value('accessKeyId');
  if (accessKeyId === '') return fail({ kind: 'sigv4-access-key-empty', field: 'accessKeyId', message: 'The access key ID is empty (it looks like AKIDEXAMPLE or AKIA…).' });
  if (/[\s/]/.test(accessKeyId)) return fail({ kind: 'sigv4-access-key-invalid', field: 'accessKeyId', message: 'The access key ID cannot contain spaces or "/": it goes into Credential=<key>/<date>/<region>/<service>/aws4_request.' });
  // The secret is used exactly as typed (not trimmed): it is key material.
  const secretAccessKey = values.secretAccessKey ?? '';
  if (secretAccessKey === '') return fail({ kind: 'sigv4-secret-empty', field: 'secretAccessKey', message: 'The secret access key is empty.' });
  const region = value('region');
  if (!/^[a-z0-9-]+$/.test(region)) return fail({ kind: 'sigv4-region-invalid', field: 'region', message: `"${region}" is not a region name such as us-east-1 (lower-case letters, digits and "-").` });
  const service = value('service');
  if (!/^[a-z0-9-]+$/.test(service)) return fail({ kind: 'sigv4-service-invalid', field: 'service', message: `"${service}" is not a signing name such as s3, execute-api or sts (lower-case letters, digits and "-").` });
  const payload = value('payload');
  if (payload !== 'signed' && payload !== 'unsigned') return fail({ kind: 'auth-field-invalid', field: 'payload', message: `The payload must be "signed" or "unsigned", not "${payload}".` });
  const placement = readPlacement(value);
  if (!placement.ok) return placement;
  const sessionToken = value('sessionToken');
  return ok({ accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}), region, service, unsignedPayload: payload === 'unsigned', ...placement.value });
}

/** AWS Signature Version 4: AWS4-HMAC-SHA256 in the Authorization header, or in the query (a presigned URL). */
export const sigv4Scheme: AuthSchemeDescriptor = {
  id: 'sigv4',
  label: 'AWS Signature V4',
  summary: 'Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=… — an HMAC of the canonical request, made at send time with X-Amz-Date (AWS SigV4); or the same in the query as a presigned URL with X-Amz-Expires.',
  fields: [
    { name: 'accessKeyId', label: 'Access key ID', kind: 'text', help: 'Sent in the clear in Credential=; not a secret by itself.' },
    { name: 'secretAccessKey', label: 'Secret access key', kind: 'secret', help: 'Never sent: it keys the HMAC chain (date, region, service, aws4_request).' },
    { name: 'sessionToken', label: 'Session token (optional)', kind: 'secret', help: 'For temporary credentials from STS: sent as X-Amz-Security-Token and signed.' },
    { name: 'region', label: 'Region', kind: 'text', default: DEFAULTS.region, help: 'The region in the credential scope, e.g. us-east-1.' },
    { name: 'service', label: 'Service', kind: 'text', default: DEFAULTS.service, help: 'The signing name: s3, execute-api (API Gateway), sts, dynamodb… With s3, x-amz-content-sha256 is sent and the path is not normalised.' },
    {
      name: 'payload',
      label: 'Payload',
      kind: 'select',
      default: DEFAULTS.payload,
      options: [
        { value: 'signed', label: 'Signed (SHA-256 of the body)' },
        { value: 'unsigned', label: 'Unsigned payload (x-amz-content-sha256: UNSIGNED-PAYLOAD)' },
      ],
      help: 'Unsigned leaves the body out of the signature; S3 accepts it, most other services do not. A presigned URL for S3 is always unsigned, as S3 requires.',
    },
    {
      name: 'signWith',
      label: 'Sign with',
      kind: 'select',
      default: DEFAULTS.signWith,
      options: [
        { value: 'header', label: 'Authorization header' },
        { value: 'query', label: 'Query string (presigned URL)' },
      ],
      help: 'A presigned URL carries X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature in the query, so the URL alone grants access until it expires. Only Host (and x-amz-* headers, moved into the query) are signed. History and exports keep the signature and session token masked.',
    },
    {
      name: 'expires',
      label: 'Expires in (s)',
      kind: 'text',
      default: DEFAULTS.expires,
      shownWhen: { field: 'signWith', equals: 'query' },
      help: 'X-Amz-Expires: seconds from X-Amz-Date during which the URL is accepted, 1 to 604800 (7 days, AWS\'s limit).',
    },
  ],
  apply(values) {
    const settings = readSigV4Settings(values);
    return settings.ok ? ok({ headers: [] }) : settings;
  },
  async sign(wire, values, context) {
    const settings = readSigV4Settings(values);
    if (!settings.ok) return settings;
    if (settings.value.presign) {
      const { presignWireSigV4 } = await import('./sigv4Presign');
      return presignWireSigV4(wire, settings.value, context);
    }
    const { signWireSigV4 } = await import('./sigv4');
    return signWireSigV4(wire, settings.value, context);
  },
};
