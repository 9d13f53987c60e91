/**
 * A Wirebench collection written as a Postman Collection v2.1 that Postman (and every
 * tool reading the format) opens: folders, requests, auth (omitted where it equals the
 * collection's, so Postman's inheritance gives the same result), bodies, variables and
 * descriptions. Secrets become `{{variables}}` listed, blank, in the collection
 * variables, unless the caller asks to include them.
 */
import type { RequestDraft } from '../request';
import { isSecretVariable, SecretRedaction, type Collection, type CollectionItem, type SavedRequest, type Variable } from '../workspace';
import { authToPostman, sameAuth, type VaultSchemeWords } from './postmanAuth';
import { POSTMAN_V21_SCHEMA } from './postmanSchema';
import { urlToPostman } from './postmanUrl';
import { EXPORTED_SCRIPT_DIALECT } from './scriptExport';

/** Options of `exportPostman`. */
export interface PostmanExportOptions {
  /** Keep secrets and secret variable values instead of `{{variables}}` and blanks. */
  includeSecrets?: boolean;
  /** Per vault entry id, the scheme word its token is sent with; unknown entries are written Bearer. */
  vaultSchemes?: VaultSchemeWords;
}

type Json = Record<string, unknown>;

function bodyToPostman(draft: RequestDraft): Json | undefined {
  const body = draft.body;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
    case 'xml':
    case 'text':
      return { mode: 'raw', raw: body.texts[body.kind], options: { raw: { language: body.kind } } };
    case 'form':
      return { mode: 'urlencoded', urlencoded: body.form.map((row) => ({ key: row.name, value: row.value, ...(row.enabled ? {} : { disabled: true }), type: 'text' })) };
    case 'multipart':
      return {
        mode: 'formdata',
        formdata: body.multipart.map((part) => {
          const entry: Json = { key: part.name };
          if (part.kind === 'file') {
            entry.type = 'file';
            entry.src = part.file?.name ?? part.filename ?? '';
          } else {
            entry.type = 'text';
            entry.value = part.value;
          }
          const contentType = part.contentType || (part.kind === 'json' ? 'application/json' : '');
          if (contentType) entry.contentType = contentType;
          if (!part.enabled) entry.disabled = true;
          return entry;
        }),
      };
    case 'binary':
      return { mode: 'file', file: { src: body.binary?.name ?? '' } };
    case 'graphql': {
      // Postman's GraphQL body: the query and the variables as text; the operation name rides along (Postman ignores what it does not know).
      const graphql = body.graphql;
      return { mode: 'graphql', graphql: { query: graphql?.query ?? '', variables: graphql?.variables ?? '', ...(graphql?.operationName ? { operationName: graphql.operationName } : {}) } };
    }
  }
}

function requestToPostman(draft: RequestDraft, collectionAuth: Collection['auth'], vaultSchemes: VaultSchemeWords | undefined): Json {
  const header = draft.headers.map((h) => ({ key: h.name, value: h.value, ...(h.enabled ? {} : { disabled: true }), type: 'text' }));
  const request: Json = { method: draft.method, header };
  const inherits = sameAuth(draft.auth, collectionAuth) || (!collectionAuth && draft.auth.scheme === 'none');
  if (!inherits) {
    const mapped = authToPostman(draft.auth, vaultSchemes);
    if ('block' in mapped) request.auth = mapped.block;
    else if ('header' in mapped) header.push({ key: mapped.header.name, value: mapped.header.value, type: 'text' });
  }
  const body = bodyToPostman(draft);
  if (body) request.body = body;
  request.url = urlToPostman(draft);
  return request;
}

function itemToPostman(item: CollectionItem, collectionAuth: Collection['auth'], redaction: SecretRedaction | undefined, vaultSchemes: VaultSchemeWords | undefined): Json {
  if (item.kind === 'folder') {
    const folder: Json = { name: item.name, item: item.items.map((child) => itemToPostman(child, collectionAuth, redaction, vaultSchemes)) };
    if (item.description) folder.description = item.description;
    return folder;
  }
  const draft = redaction ? redaction.draft(item.draft) : item.draft;
  const out: Json = { name: item.name, request: requestToPostman(draft, collectionAuth, vaultSchemes) };
  if (item.description) (out.request as Json).description = item.description;
  const behaviour: Json = {};
  if (!draft.options.followRedirects) behaviour.followRedirects = false;
  if (draft.options.insecureTls) behaviour.strictSSL = false;
  if (draft.options.cookies === false) behaviour.disableCookies = true;
  // Postman sends no body with GET, HEAD, COPY, PURGE or UNLOCK unless told to; Wirebench sends the one it has.
  if ((out.request as Json).body !== undefined && /^(GET|HEAD|COPY|PURGE|UNLOCK)$/i.test(draft.method)) behaviour.disableBodyPruning = true;
  if (Object.keys(behaviour).length > 0) out.protocolProfileBehavior = behaviour;
  const event = eventsOf(item.scripts, redaction);
  if (event.length > 0) out.event = event;
  out.response = [];
  return out;
}

/**
 * A request's Postman scripts as its `event` list (pre-request first, then tests), so a
 * collection imported from Postman goes back with its scripts. Scripts in another dialect
 * (a JetBrains handler) cannot run in Postman and are not written.
 */
function eventsOf(scripts: SavedRequest['scripts'], redaction: SecretRedaction | undefined): Json[] {
  const postman = (scripts ?? []).filter((script) => script.dialect === EXPORTED_SCRIPT_DIALECT.postman && script.text !== undefined);
  const ordered = [...postman.filter((s) => s.phase === 'pre-request'), ...postman.filter((s) => s.phase === 'post-response')];
  return ordered.map((script) => ({ listen: script.phase === 'pre-request' ? 'prerequest' : 'test', script: { type: 'text/javascript', exec: (redaction ? redaction.textSecrets(script.text!) : script.text!).split(/\r?\n/) } }));
}

function variableToPostman(variable: Variable, includeSecrets: boolean): Json {
  // The one gate's decision: marked secret, a credential by name or shape, or a value the session learned is secret (a token a script stored).
  const out: Json = { key: variable.name, value: isSecretVariable(variable) && !includeSecrets ? '' : variable.value, type: variable.type ?? 'string' };
  if (variable.enabled === false) out.disabled = true;
  return out;
}

/**
 * The collection as Postman Collection v2.1 JSON (2-space indented). Requests whose auth
 * equals the collection's inherit it; a request without auth under a collection with auth
 * is written `noauth`. JWT and custom schemes, which Postman has no block for, become an
 * Authorization header; a vault token becomes `{{accessToken}}` sent with the entry's
 * scheme word from `vaultSchemes` (a Bearer block when the word is Bearer or unknown). Secret
 * variables are written blank and secrets in requests become `{{variables}}` (added,
 * blank, to the collection variables) unless `includeSecrets` is set.
 */
export function exportPostman(collection: Collection, options: PostmanExportOptions = {}): string {
  const includeSecrets = options.includeSecrets ?? false;
  const redaction = includeSecrets ? undefined : new SecretRedaction('variables', collection.variables.map((v) => v.name));
  const rootAuth = collection.auth && redaction ? redaction.auth(collection.auth) : collection.auth;
  const { vaultSchemes } = options;
  const rootBlock = rootAuth && rootAuth.scheme !== 'none' ? authToPostman(rootAuth, vaultSchemes) : undefined;
  // Only an auth Postman has a block for can be inherited; otherwise every request states its own.
  const collectionAuth = rootBlock && 'block' in rootBlock ? rootAuth : undefined;
  const collectionJson: Json = {
    info: {
      _postman_id: collection.id,
      name: collection.name,
      ...(collection.description ? { description: collection.description } : {}),
      schema: POSTMAN_V21_SCHEMA,
    },
    item: collection.items.map((item) => itemToPostman(item, collectionAuth, redaction, vaultSchemes)),
  };
  if (rootBlock && 'block' in rootBlock) collectionJson.auth = rootBlock.block;
  const variables = collection.variables.map((v) => variableToPostman(v, includeSecrets));
  for (const introduced of redaction?.variables ?? []) variables.push({ key: introduced.name, value: '', type: 'string' });
  if (variables.length > 0) collectionJson.variable = variables;
  return `${JSON.stringify(collectionJson, null, 2)}\n`;
}
