/**
 * The auth schemes of spec §5 as declarative descriptors: fields to fill plus one `apply`
 * function turning the values into headers (or a query parameter). One generic form
 * renders any descriptor, so adding a scheme means adding data here, not a component.
 */
import type { HeaderField, Result, WireRequest } from '../types';
import { fail, ok, positionAt } from '../types';
import type { AuthParam } from './authParams';
import { AuthScanner } from './authParams';
import { basicCredentials } from './basic';
import { apiKeyHeader, bearer, customCredentials, DEFAULT_API_KEY_HEADER, jwtScheme } from './credentials';
import type { DigestCredentials } from './digest';
import { digestScheme } from './digestScheme';
import { sigv4Scheme } from './sigv4Scheme';
import { hawkScheme, oauth1Scheme } from './requestSigners';
import type { AuthSchemeId, AuthField, AuthApplication, AuthSchemeDescriptor } from './authTypes';
export type { AuthSchemeId, AuthField, AuthApplication, AuthSchemeDescriptor } from './authTypes';

/** The fields of `descriptor` the form shows for `values` (a field whose condition fails is hidden). */
export function visibleAuthFields(descriptor: Pick<AuthSchemeDescriptor, 'fields'>, values: Readonly<Record<string, string>>): AuthField[] {
  return descriptor.fields.filter((field) => {
    if (!field.shownWhen) return true;
    const other = descriptor.fields.find((f) => f.name === field.shownWhen!.field);
    return (values[field.shownWhen.field] ?? other?.default ?? '') === field.shownWhen.equals;
  });
}

function valueOf(values: Record<string, string>, fields: readonly AuthField[], name: string): string {
  const given = values[name];
  if (given !== undefined) return given;
  return fields.find((f) => f.name === name)?.default ?? '';
}

const authorization = (value: string): AuthApplication => ({ headers: [{ name: 'Authorization', value }] });

/**
 * Reads the custom scheme's params field: one `name=value` per line. A value wrapped in
 * double quotes is read as a quoted-string (so `\"` and `\\` are escapes); otherwise the
 * value is taken literally up to the end of the line, trimmed. Blank lines and lines
 * starting with `#` are skipped. Positions are in the field's text.
 */
export function parseAuthParamLines(text: string): Result<AuthParam[]> {
  const params: AuthParam[] = [];
  let lineStart = 0;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const start = lineStart;
    lineStart += rawLine.length + 1;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const lineNumber = positionAt(text, start).line;
    const eq = line.indexOf('=');
    if (eq < 0) {
      return fail({
        kind: 'auth-param-line-invalid',
        field: 'params',
        position: positionAt(text, start + line.length),
        message: `Line ${lineNumber} has no "=": write one auth-param per line as name=value (spec §5: token "=" (token / quoted-string)).`,
      });
    }
    const name = line.slice(0, eq).trim();
    const nameOffset = start + line.indexOf(name === '' ? '=' : name);
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
      return fail({
        kind: 'auth-param-name-invalid',
        field: 'params',
        position: positionAt(text, nameOffset),
        message:
          name === ''
            ? `Line ${lineNumber} has no auth-param name before "=".`
            : `Line ${lineNumber}: "${name}" is not a token, so it cannot be an auth-param name (letters, digits and !#$%&'*+-.^_\`|~).`,
      });
    }
    const rawValue = line.slice(eq + 1);
    const value = rawValue.trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      const scanner = new AuthScanner(value);
      const quoted = scanner.readQuotedString();
      const valueOffset = start + eq + 1 + rawValue.indexOf(value);
      if (!quoted.ok || !scanner.atEnd) {
        const at = quoted.ok ? scanner.pos : quoted.error.position.offset;
        return fail({
          kind: 'auth-param-value-invalid',
          field: 'params',
          position: positionAt(text, valueOffset + at),
          message: `Line ${lineNumber}: the quoted value of "${name}" ${quoted.ok ? 'ends before the last quote; escape inner quotes as \\"' : 'is not a valid quoted-string'}.`,
        });
      }
      params.push({ name, value: quoted.value });
    } else {
      params.push({ name, value });
    }
  }
  return ok(params);
}

const none: AuthSchemeDescriptor = {
  id: 'none',
  label: 'No auth',
  summary: 'Sends no credentials; a protected resource answers 401 with a challenge (spec §7).',
  fields: [],
  apply: () => ok({ headers: [] }),
};

const basic: AuthSchemeDescriptor = {
  id: 'basic',
  label: 'Basic',
  summary: 'Authorization: Basic base64(username:password), UTF-8, split at the first colon (spec §5, RFC 7617).',
  fields: [
    { name: 'username', label: 'Username', kind: 'text', help: 'Cannot contain ":" — the server splits at the first colon.' },
    { name: 'password', label: 'Password', kind: 'secret', help: 'May contain ":".' },
  ],
  apply(values) {
    const header = basicCredentials(valueOf(values, basic.fields, 'username'), valueOf(values, basic.fields, 'password'));
    return header.ok ? ok(authorization(header.value)) : header;
  },
};

const bearerScheme: AuthSchemeDescriptor = {
  id: 'bearer',
  label: 'Bearer token',
  summary: 'Authorization: Bearer <access token>; only over TLS with a verified certificate (spec §5, RFC 6750).',
  fields: [{ name: 'token', label: 'Access token', kind: 'secret', help: 'The token only, without "Bearer ".' }],
  apply(values) {
    const header = bearer(valueOf(values, bearerScheme.fields, 'token'));
    return header.ok ? ok(authorization(header.value)) : header;
  },
};

const jwt: AuthSchemeDescriptor = {
  id: 'jwt',
  label: 'JWT',
  summary: 'Authorization: JWT <signed JSON Web Token> (spec §5, RFC 7519).',
  fields: [{ name: 'token', label: 'JSON Web Token', kind: 'secret', help: 'A compact JWT: header.payload.signature.' }],
  apply(values) {
    const header = jwtScheme(valueOf(values, jwt.fields, 'token'));
    return header.ok ? ok(authorization(header.value)) : header;
  },
};

const apikey: AuthSchemeDescriptor = {
  id: 'apikey',
  label: 'API key',
  summary: 'The key in a custom header such as Ocp-Apim-Subscription-Key, not in the URL, so logs and history do not keep it (spec §5).',
  fields: [
    { name: 'headerName', label: 'Header name', kind: 'text', default: DEFAULT_API_KEY_HEADER, help: 'The query parameter name when placed in the query.' },
    { name: 'key', label: 'API key', kind: 'secret' },
    {
      name: 'placement',
      label: 'Send in',
      kind: 'select',
      default: 'header',
      options: [
        { value: 'header', label: 'Header (recommended)' },
        { value: 'query', label: 'Query string (kept in URL logs and history)' },
      ],
    },
  ],
  apply(values) {
    const name = valueOf(values, apikey.fields, 'headerName');
    const key = valueOf(values, apikey.fields, 'key');
    const placement = valueOf(values, apikey.fields, 'placement');
    if (placement === 'header') {
      const header = apiKeyHeader(name, key);
      return header.ok ? ok({ headers: [header.value] }) : header;
    }
    if (placement !== 'query') {
      return fail({ kind: 'auth-field-invalid', field: 'placement', message: `Placement must be "header" or "query", not "${placement}".` });
    }
    if (name === '') return fail({ kind: 'api-key-name-empty', field: 'headerName', message: 'The query parameter name is empty.' });
    if (key === '') return fail({ kind: 'api-key-empty', field: 'key', message: 'The API key is empty.' });
    return ok({ headers: [], query: [{ name, value: key }] });
  },
};

const custom: AuthSchemeDescriptor = {
  id: 'custom',
  label: 'Custom scheme',
  summary: 'Authorization: <scheme> <credentials>, a token68 or auth-params token "=" (token / quoted-string) (spec §5, RFC 9110 §11.4).',
  fields: [
    { name: 'scheme', label: 'Scheme', kind: 'text', help: 'A token, e.g. Hawk or AWS4-HMAC-SHA256.' },
    {
      name: 'mode',
      label: 'Credentials form',
      kind: 'select',
      default: 'params',
      options: [
        { value: 'params', label: 'Auth-params (name=value)' },
        { value: 'token68', label: 'Token68' },
      ],
    },
    { name: 'credentials', label: 'Token68', kind: 'secret', shownWhen: { field: 'mode', equals: 'token68' } },
    {
      name: 'params',
      label: 'Auth-params',
      kind: 'params',
      shownWhen: { field: 'mode', equals: 'params' },
      help: 'One name=value per line; values are sent quoted. Wrap a value in "…" to use \\" escapes; # starts a comment line.',
    },
  ],
  apply(values) {
    const scheme = valueOf(values, custom.fields, 'scheme');
    const mode = valueOf(values, custom.fields, 'mode');
    if (mode === 'token68') {
      const header = customCredentials(scheme, valueOf(values, custom.fields, 'credentials'));
      if (header.ok) return ok(authorization(header.value));
      return fail({ ...header.error, field: header.error.field === 'scheme' ? 'scheme' : 'credentials' });
    }
    if (mode !== 'params') {
      return fail({ kind: 'auth-field-invalid', field: 'mode', message: `The credentials form must be "params" or "token68", not "${mode}".` });
    }
    const params = parseAuthParamLines(valueOf(values, custom.fields, 'params'));
    if (!params.ok) return params;
    const header = customCredentials(scheme, params.value);
    if (header.ok) return ok(authorization(header.value));
    return fail({ ...header.error, field: header.error.field === 'scheme' ? 'scheme' : 'params' });
  },
};

/** Every scheme, in the order a picker shows them. */
export const authSchemes: readonly AuthSchemeDescriptor[] = [none, basic, digestScheme, bearerScheme, jwt, apikey, custom, sigv4Scheme, oauth1Scheme, hawkScheme];

/** The descriptor for `id`, or undefined for an id this version does not know. */
export function authScheme(id: string): AuthSchemeDescriptor | undefined {
  return authSchemes.find((s) => s.id === id);
}

/**
 * Applies scheme `schemeId` to form `values` (missing values take field defaults). An
 * unknown id — e.g. from a draft saved by a newer version — is a failure, not a throw.
 */
export function applyAuth(schemeId: AuthSchemeId | string, values: Record<string, string>): Result<AuthApplication> {
  const descriptor = authScheme(schemeId);
  if (!descriptor) {
    return fail({
      kind: 'auth-scheme-unknown',
      field: 'scheme',
      message: `Unknown auth scheme "${schemeId}"; expected one of ${authSchemes.map((s) => s.id).join(', ')}.`,
    });
  }
  return descriptor.apply(values);
}
