/**
 * Vault tokens for `wirebench run`, non-interactive grants only: client credentials
 * (RFC 6749 §4.4) and refresh token (§6). A request whose auth is "token from the vault"
 * names an entry id; `--vault FILE` describes those entries (token URL, client id, auth
 * method, scope; the token URL may use the run's `{{variables}}`), and its secrets — the client secret, the refresh token — must be
 * `{{$env.NAME}}` references to allowed names (`envAllow.ts`): they come from environment variables, never from a file.
 * The token requests are core's (`buildGrantTokenRequest`, `mapTokenResponse`), sent through
 * the same in-process engine; each entry's token is fetched once per run and masked.
 */
import { readFile } from 'node:fs/promises';
import { mapTokenResponse, parseJson, substituteVariables, VAULT_DEFAULT_MAPPING, type HeaderField, type Result, type WireRequest } from '../core';
import { buildGrantTokenRequest, CLIENT_AUTH_METHODS, type ClientAuthMethod } from '../core/oauth';
import { sendWithin } from './deadline';
import type { EnvVarAllowList } from './envAllow';
import type { SendExchange } from './ports';
import type { SecretMask } from './secrets';
import { InputError } from './source';
import { envReferences } from './variables';

/** One entry of a `--vault` file. */
export interface CliVaultEntry {
  id: string;
  grant: 'client_credentials' | 'refresh_token';
  tokenUrl: string;
  clientId: string;
  authMethod: ClientAuthMethod;
  clientSecret?: string;
  refreshToken?: string;
  scope?: string;
  audience?: string;
}

const SECRET_FIELDS = ['clientSecret', 'refreshToken'] as const;

/** Reads a `--vault` file; a secret written into it (not a `{{$env.NAME}}` reference) is refused. */
export async function readVaultFile(file: string, processEnv: Readonly<Record<string, string>>, env: NodeJS.ProcessEnv, mask: SecretMask, allow: EnvVarAllowList): Promise<Map<string, CliVaultEntry>> {
  const text = await readFile(file, 'utf8').catch((err: Error) => {
    throw new InputError(`cannot be read: ${err.message}`, file);
  });
  const json = parseJson(text);
  if (!json.ok) throw new InputError(`is not valid JSON: ${json.error.message}`, file, json.error.position?.line, json.error.position?.column);
  const list = (json.value as { entries?: unknown })?.entries;
  if (!Array.isArray(list)) throw new InputError('must hold { "entries": [ … ] }', file);
  const entries = new Map<string, CliVaultEntry>();
  for (const [index, raw] of list.entries()) {
    const e = raw as Record<string, unknown>;
    const where = `entry ${index + 1}${typeof e?.id === 'string' ? ` ("${e.id}")` : ''}`;
    for (const key of ['id', 'tokenUrl', 'clientId'] as const) if (typeof e?.[key] !== 'string' || e[key] === '') throw new InputError(`${where}: "${key}" must be a non-empty string`, file);
    if (e.grant !== 'client_credentials' && e.grant !== 'refresh_token') throw new InputError(`${where}: "grant" must be "client_credentials" or "refresh_token" (interactive grants need the app)`, file);
    const authMethod = (e.authMethod ?? 'client_secret_basic') as ClientAuthMethod;
    if (!CLIENT_AUTH_METHODS.includes(authMethod) || authMethod === 'private_key_jwt') throw new InputError(`${where}: "authMethod" must be client_secret_basic, client_secret_post or none`, file);
    const entry: CliVaultEntry = { id: e.id as string, grant: e.grant, tokenUrl: e.tokenUrl as string, clientId: e.clientId as string, authMethod };
    for (const key of SECRET_FIELDS) {
      const value = e[key];
      if (value === undefined) continue;
      const refs = typeof value === 'string' ? envReferences(value) : [];
      if (refs.length !== 1 || value !== `{{${refs[0]!.reference}}}`) throw new InputError(`${where}: "${key}" must be a {{$env.NAME}} reference; secrets come from environment variables, never from files`, file);
      // The same allowance as the source's references: a vault file can be someone else's too.
      if (allow.allowedBy(refs[0]!.name) === undefined) throw new InputError(`${where}: ${allow.refusal([refs[0]!.name])}`, file);
      const resolved = processEnv[refs[0]!.reference] ?? env[refs[0]!.name];
      if (!resolved) throw new InputError(`${where}: environment variable ${refs[0]!.name} (its ${key}) is not set`, file);
      mask.add(resolved, `{{$env.${refs[0]!.name}}}`);
      entry[key] = resolved;
    }
    if (entry.grant === 'refresh_token' && !entry.refreshToken) throw new InputError(`${where}: the refresh_token grant needs "refreshToken": "{{$env.NAME}}"`, file);
    for (const key of ['scope', 'audience'] as const) if (typeof e[key] === 'string') entry[key] = e[key];
    entries.set(entry.id, entry);
  }
  return entries;
}

const encoder = new TextEncoder();

function bytesOf(wire: WireRequest): Uint8Array | null {
  const text = (wire.body ?? []).map((chunk) => (typeof chunk === 'string' ? chunk : '')).join('');
  return text === '' ? null : encoder.encode(text);
}

/** Tokens of the run's vault entries, fetched once each. */
export class VaultGrants {
  private readonly tokens = new Map<string, Promise<Result<HeaderField>>>();

  constructor(
    private readonly entries: ReadonlyMap<string, CliVaultEntry>,
    private readonly send: SendExchange,
    private readonly mask: SecretMask,
    private readonly insecure: boolean,
    /** `--timeout`: a token request is bounded like every other request of the run. */
    private readonly timeoutMs?: number,
  ) {}

  /** The Authorization header for entry `id`, or why there is none; `{{variables}}` in the token URL resolve from `values`. */
  credential(id: string, values: Record<string, string>): Promise<Result<HeaderField>> {
    let token = this.tokens.get(id);
    if (!token) {
      token = this.fetch(id, values);
      this.tokens.set(id, token);
    }
    return token;
  }

  private async fetch(id: string, values: Record<string, string>): Promise<Result<HeaderField>> {
    const entry = this.entries.get(id);
    if (!entry) return { ok: false, error: { kind: 'vault-entry', message: `the request takes its token from vault entry "${id}", which ${this.entries.size ? `--vault does not describe (it has ${[...this.entries.keys()].map((k) => `"${k}"`).join(', ')})` : 'needs --vault FILE describing it'}` } };
    const client = { clientId: entry.clientId, authMethod: entry.authMethod, ...(entry.clientSecret ? { clientSecret: entry.clientSecret } : {}) };
    const grant = entry.grant === 'refresh_token' ? { kind: 'refresh_token' as const, refreshToken: entry.refreshToken! } : { kind: 'client_credentials' as const };
    const wire = await buildGrantTokenRequest(substituteVariables(entry.tokenUrl, values).text, client, grant, { ...(entry.scope ? { scope: entry.scope } : {}), ...(entry.audience ? { audience: entry.audience } : {}) });
    if (!wire.ok) return wire;
    const sent = await sendWithin(this.send, { method: wire.value.method, url: wire.value.url, headers: wire.value.headers, insecureTls: this.insecure, ...(this.timeoutMs !== undefined ? { timeoutMs: this.timeoutMs } : {}) }, bytesOf(wire.value), this.timeoutMs !== undefined ? { deadlineMs: this.timeoutMs } : {});
    if (!sent.ok) return { ok: false, error: { kind: 'vault-grant', message: `the ${entry.grant} token request for "${id}" was not sent (${sent.error.kind}): ${this.mask.text(sent.error.message)}` } };
    const answer = { status: sent.value.head.status, headers: sent.value.head.headers, bodyText: new TextDecoder().decode(sent.value.body) };
    const tokens = mapTokenResponse(answer, VAULT_DEFAULT_MAPPING);
    if (!tokens.ok) return { ok: false, error: { kind: 'vault-grant', message: `the ${entry.grant} grant for "${id}" failed: ${this.mask.text(tokens.error.message)}` } };
    this.mask.add(tokens.value.accessToken);
    this.mask.add(tokens.value.refreshToken);
    const scheme = !tokens.value.tokenType || /^bearer$/i.test(tokens.value.tokenType) ? 'Bearer' : tokens.value.tokenType;
    return { ok: true, value: { name: 'Authorization', value: `${scheme} ${tokens.value.accessToken}` } };
  }
}
