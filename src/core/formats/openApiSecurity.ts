/**
 * Security schemes as request auth: HTTP basic and bearer, API keys in a header, the
 * query or a cookie, each secret a `{{variable}}` to fill in (never a value). OAuth 2 and
 * OpenID Connect send `{{accessToken}}` as a Bearer token, and each of their flows becomes
 * a vault entry draft — token and authorization URLs and scopes, no client secret — for
 * the import dialog to offer.
 */
import type { DraftAuth, DraftInput } from '../request';
import type { Variable } from '../workspace';
import type { ImportedVaultDraft } from './importResult';
import { isObject, type OpenApiDocument } from './openApiDocument';
import { absoluteAgainstServer, serverHosts } from './openApiServers';

type Json = Record<string, unknown>;

/** What resolving auth needs and collects while an import runs. */
export interface SecurityContext {
  doc: OpenApiDocument;
  variables: Variable[];
  warnings: string[];
  /** Schemes already warned about, so each is warned about once. */
  warnedSchemes: Set<string>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function addVariable(ctx: SecurityContext, name: string, secret: boolean): string {
  if (!ctx.variables.some((v) => v.name === name)) ctx.variables.push({ name, value: '', ...(secret ? { secret: true } : {}) });
  return `{{${name}}}`;
}

function schemeNamed(ctx: SecurityContext, name: string): Json | undefined {
  const scheme = ctx.doc.components?.securitySchemes?.[name];
  return isObject(scheme) && typeof scheme.$ref !== 'string' ? scheme : undefined;
}

/**
 * The auth for a security requirement list: the first requirement's first scheme (an
 * empty requirement is "no auth"). An API key in a cookie is added to `headers` as a
 * `Cookie` row instead, since auth settings place keys in a header or the query.
 */
export function authFor(ctx: SecurityContext, requirements: Record<string, string[]>[] | undefined, headers: NonNullable<DraftInput['headers']>): DraftAuth | undefined {
  const first = requirements?.[0];
  if (!first) return undefined;
  const name = Object.keys(first)[0];
  if (name === undefined) return { scheme: 'none', values: {} };
  const warnOnce = (message: string) => {
    if (!ctx.warnedSchemes.has(name)) ctx.warnings.push(message);
    ctx.warnedSchemes.add(name);
  };
  const scheme = schemeNamed(ctx, name);
  if (!scheme) {
    warnOnce(`Security scheme "${name}" is not defined in components.securitySchemes (or its $ref did not resolve); requests that use it were imported without auth.`);
    return undefined;
  }
  const type = text(scheme.type);
  const httpScheme = text(scheme.scheme).toLowerCase();
  if (type === 'http' && httpScheme === 'basic') return { scheme: 'basic', values: { username: addVariable(ctx, 'username', false), password: addVariable(ctx, 'password', true) } };
  if (type === 'http' && httpScheme === 'bearer') return { scheme: 'bearer', values: { token: addVariable(ctx, 'bearerToken', true) } };
  if (type === 'apiKey') {
    const variable = addVariable(ctx, name.replace(/[^A-Za-z0-9_.-]+/g, '_'), true);
    const where = text(scheme.in);
    if (where === 'cookie') {
      headers.push({ name: 'Cookie', value: `${text(scheme.name)}=${variable}` });
      return undefined;
    }
    return { scheme: 'apikey', values: { headerName: text(scheme.name), key: variable, placement: where === 'query' ? 'query' : 'header' } };
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    warnOnce(`Security scheme "${name}" (${type}): requests send {{accessToken}} as a Bearer token; create its vault entry from the import report (or get a token another way) and set the variable.`);
    return { scheme: 'bearer', values: { token: addVariable(ctx, 'accessToken', true) } };
  }
  warnOnce(`Security scheme "${name}" (${type}${httpScheme ? ` ${httpScheme}` : ''}) is not supported; requests that use it were imported without auth.`);
  return undefined;
}

const FLOWS = ['authorizationCode', 'clientCredentials', 'password', 'implicit', 'deviceAuthorization'] as const;

const FLOW_LABELS: Readonly<Record<ImportedVaultDraft['flow'], string>> = {
  authorizationCode: 'authorization code',
  clientCredentials: 'client credentials',
  password: 'password',
  implicit: 'implicit',
  deviceAuthorization: 'device authorization',
  openIdConnect: 'OpenID Connect',
};

/** A URL from a description, kept only when it is http(s) and carries no credentials or query secrets. */
function safeUrl(ctx: SecurityContext, value: unknown, where: string): string | undefined {
  const raw = text(value).trim();
  if (raw === '') return undefined;
  const url = absoluteAgainstServer(ctx.doc, raw);
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new TypeError('not http(s)');
    if (parsed.username || parsed.password || /[?&](client_secret|password|access_token|refresh_token)=/i.test(parsed.search)) {
      ctx.warnings.push(`${where} holds credentials in its URL; they were left out of the vault entry draft.`);
      parsed.username = '';
      parsed.password = '';
      for (const key of [...parsed.searchParams.keys()]) if (/^(client_secret|password|access_token|refresh_token)$/i.test(key)) parsed.searchParams.delete(key);
    }
    return parsed.toString();
  } catch {
    ctx.warnings.push(`${where} "${raw}" is not an absolute http(s) URL; set it in the vault entry.`);
    return raw.includes('@') ? undefined : raw;
  }
}

/** A vault entry draft for every OAuth 2 flow and OpenID Connect scheme of the description. */
export function vaultDraftsOf(ctx: SecurityContext): ImportedVaultDraft[] {
  const drafts: ImportedVaultDraft[] = [];
  const hosts = serverHosts(ctx.doc);
  for (const name of Object.keys(ctx.doc.components?.securitySchemes ?? {})) {
    const scheme = schemeNamed(ctx, name);
    if (!scheme) continue;
    const where = `Security scheme "${name}"`;
    if (scheme.type === 'openIdConnect') {
      const openIdConnectUrl = safeUrl(ctx, scheme.openIdConnectUrl, `${where} openIdConnectUrl`);
      drafts.push({ name: `${name} (${FLOW_LABELS.openIdConnect})`, securityScheme: name, flow: 'openIdConnect', ...(openIdConnectUrl ? { openIdConnectUrl } : {}), scopes: [], allowedHosts: hosts });
      continue;
    }
    if (scheme.type !== 'oauth2' || !isObject(scheme.flows)) continue;
    for (const flow of FLOWS) {
      const declared = scheme.flows[flow];
      if (!isObject(declared)) continue;
      const at = `${where} flow ${flow}`;
      const tokenUrl = safeUrl(ctx, declared.tokenUrl, `${at} tokenUrl`);
      const authorizationUrl = safeUrl(ctx, declared.authorizationUrl ?? declared.deviceAuthorizationUrl, `${at} ${flow === 'deviceAuthorization' ? 'deviceAuthorizationUrl' : 'authorizationUrl'}`);
      const refreshUrl = safeUrl(ctx, declared.refreshUrl, `${at} refreshUrl`);
      drafts.push({
        name: `${name} (${FLOW_LABELS[flow]})`,
        securityScheme: name,
        flow,
        ...(tokenUrl ? { tokenUrl } : {}),
        ...(authorizationUrl ? { authorizationUrl } : {}),
        ...(refreshUrl ? { refreshUrl } : {}),
        scopes: isObject(declared.scopes) ? Object.keys(declared.scopes) : [],
        allowedHosts: hosts,
      });
    }
  }
  return drafts;
}
