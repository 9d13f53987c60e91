/**
 * Postman Collection v1 rewritten in the shapes of v2.1, as Postman's own
 * `postman-collection-transformer` (converter-v1-to-v2 / v1-to-v21) maps them, so one
 * importer reads every version. v1 is flat: a `requests` array, `folders` with `order`
 * (their requests) and `folders_order` (their subfolders), and the collection's own
 * `folders_order` and `order` for the top level, folders first. What v1 wrote another
 * way is mapped: `dataMode` (`params` is form-data, `binary` a file), `headerData` and the
 * header string (`//` comments are disabled headers), `queryParams` with `enabled`,
 * `pathVariables`, legacy `currentHelper`/`helperAttributes` auth and `preRequestScript`/
 * `tests` text. Anything unreadable is passed through for the v2.1 checks to report
 * against its item, never thrown.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** v1 `currentHelper` names and the v2 auth types they became. */
const LEGACY_AUTH_TYPES: Readonly<Record<string, string>> = {
  apikeyAuth: 'apikey',
  basicAuth: 'basic',
  bearerAuth: 'bearer',
  digestAuth: 'digest',
  hawkAuth: 'hawk',
  oAuth1: 'oauth1',
  oAuth2: 'oauth2',
  ntlmAuth: 'ntlm',
  awsSigV4: 'awsv4',
};

/** The helper attributes Wirebench reads, under their v2 names (the transformer's `authMappersFromLegacy`). */
const LEGACY_AUTH_FIELDS: Readonly<Record<string, readonly string[]>> = {
  apikey: ['key', 'value', 'in'],
  basic: ['username', 'password'],
  bearer: ['token'],
  oauth2: ['accessToken', 'addTokenTo'],
};

/**
 * A v1 entity's auth as a v2 block with attributes keyed by name (the v2.0 shape the auth
 * reader accepts). `auth` is used as written unless legacy helper fields are present;
 * `normal` or no helper means no auth of its own (inherited).
 */
export function authFromV1(entity: Json): unknown {
  const legacy = 'currentHelper' in entity || entity.helperAttributes !== undefined;
  if (!legacy) return 'auth' in entity ? entity.auth : undefined;
  const helper = entity.currentHelper;
  if (typeof helper !== 'string' || helper === 'normal') return undefined;
  const type = LEGACY_AUTH_TYPES[helper] ?? helper;
  let attributes = entity.helperAttributes;
  // Some old app versions exported the attributes as a JSON string; unreadable ones mean no attributes, as in the transformer.
  if (typeof attributes === 'string') {
    try {
      attributes = JSON.parse(attributes) as unknown;
    } catch {
      return { type };
    }
  }
  if (!isObject(attributes)) return { type };
  const fields = LEGACY_AUTH_FIELDS[type];
  const values: Json = {};
  for (const field of fields ?? Object.keys(attributes)) if (attributes[field] !== undefined) values[field] = attributes[field];
  return { type, [type]: values };
}

/** Scripts: `events` when there are no legacy `tests`/`preRequestScript` texts, else those texts. */
export function eventsFromV1(entity: Json): unknown[] | undefined {
  const { tests, preRequestScript } = entity;
  if (!tests && !preRequestScript) return Array.isArray(entity.events) ? entity.events : undefined;
  const events: unknown[] = [];
  const exec = (source: unknown) => (typeof source === 'string' ? source.split('\n') : source);
  if (tests) events.push({ listen: 'test', script: { type: 'text/javascript', exec: exec(tests) } });
  if (preRequestScript) events.push({ listen: 'prerequest', script: { type: 'text/javascript', exec: exec(preRequestScript) } });
  return events;
}

/** Headers from `headerData` (with descriptions and `enabled`), then any others of the header string. */
function headersFromV1(request: Json): unknown {
  if (Array.isArray(request.headers)) return request.headers;
  const out: Json[] = [];
  const seen = new Set<string>();
  for (const entry of list(request.headerData)) {
    if (!isObject(entry)) continue;
    const header: Json = { ...entry };
    const key = typeof entry.key === 'string' ? entry.key : '';
    if (key.startsWith('//') || entry.enabled === false) {
      header.disabled = true;
      header.key = key.replace('//', '').trim();
    }
    delete header.enabled;
    out.push(header);
    seen.add(String(header.key));
  }
  if (typeof request.headers === 'string') {
    // Folded lines are joined first, as v1's header parser does; `//name: value` is a disabled header.
    for (const line of request.headers.replace(/\r\n([ \t])/g, '$1').split(/\r?\n/)) {
      const match = /^((\/\/\s*)?\S+):(.*)$/.exec(line);
      if (!match) continue;
      const disabled = match[1]!.startsWith('//');
      const key = disabled ? match[1]!.replace('//', '').trim() : match[1]!;
      if (seen.has(key)) continue;
      out.push({ key, value: match[3]!.trim(), ...(disabled ? { disabled: true } : {}) });
    }
  }
  return out;
}

const BODY_MODES: Readonly<Record<string, string>> = { binary: 'file', graphql: 'graphql', params: 'formdata', raw: 'raw', urlencoded: 'urlencoded' };

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/** Form fields: keyless ones dropped, a file field's `value` as its `src`, `enabled: false` as `disabled`. */
function formFromV1(data: unknown): Json[] {
  const out: Json[] = [];
  for (const entry of list(data)) {
    if (!isObject(entry) || entry.key === undefined || entry.key === null) continue;
    const field: Json = { ...entry };
    if (field.type === 'file' && !field.src && field.value) {
      field.src = typeof field.value === 'string' || Array.isArray(field.value) ? field.value : null;
      delete field.value;
    }
    if ('enabled' in field) {
      if (field.enabled === false) field.disabled = true;
      delete field.enabled;
    }
    out.push(field);
  }
  return out;
}

/** The body, with the transformer's inference when `dataMode` is missing (raw, else form-data for a list, else GraphQL). */
function bodyFromV1(request: Json): unknown {
  const mode = typeof request.dataMode === 'string' ? BODY_MODES[request.dataMode] : undefined;
  const rawData = typeof request.rawModeData === 'string' ? request.rawModeData : Array.isArray(request.rawModeData) && request.rawModeData.length === 1 && typeof request.rawModeData[0] === 'string' ? request.rawModeData[0] : undefined;
  // An app version kept the GraphQL body in `data`, flagged by `dataOptions.graphql`; the transformer reads it from there.
  const dataOptions = isObject(request.dataOptions) ? request.dataOptions : undefined;
  const graphql = !isEmpty(request.graphqlModeData) ? request.graphqlModeData : dataOptions?.graphql !== undefined && !isEmpty(request.data) ? request.data : undefined;
  const empty = isEmpty(request.data) && isEmpty(request.rawModeData) && graphql === undefined;
  if ((!mode && empty) || request.dataMode === null) return undefined;
  if (request.dataMode !== undefined && request.dataMode !== null && !mode) return { mode: request.dataMode };
  const chosen = mode ?? (!rawData && Array.isArray(request.data ?? request.rawModeData) ? 'formdata' : !rawData && graphql ? 'graphql' : 'raw');
  const body: Json = { mode: chosen };
  if (chosen === 'raw') body.raw = rawData ?? (typeof request.data === 'string' ? request.data : '');
  else if (chosen === 'graphql') body.graphql = graphql;
  else if (chosen === 'file') body.file = { src: rawData };
  else body[chosen] = formFromV1(request.data ?? request.rawModeData);
  if (request.dataDisabled) body.disabled = true;
  return body;
}

/**
 * The URL: v1 keeps the text (with the enabled query pairs) in `url`, and the disabled
 * pairs and path-variable values beside it. Only when those exist is it an object; the
 * text stays `raw`, since v1 has no pieces to disagree with it.
 */
function urlFromV1(request: Json): unknown {
  if (typeof request.url !== 'string') return request.url;
  const query = list(request.queryParams)
    .filter(isObject)
    .map((q) => {
      const param: Json = { key: q.key, value: q.equals === false && q.value === '' ? null : (q.value ?? (q.equals ? '' : null)) };
      if (q.enabled === false || q.disabled === true) param.disabled = true;
      return param;
    });
  const variable: Json[] = list(request.pathVariableData).filter(isObject).map((v) => ({ key: v.key ?? v.id, value: v.value }));
  if (isObject(request.pathVariables)) {
    for (const [key, value] of Object.entries(request.pathVariables)) if (!variable.some((v) => v.key === key)) variable.push({ key, value });
  }
  if (!query.some((q) => q.disabled) && variable.length === 0) return request.url;
  return { raw: request.url, ...(query.length > 0 ? { query } : {}), ...(variable.length > 0 ? { variable } : {}) };
}

function itemFromV1Request(request: Json): Json {
  const item: Json = {
    name: request.name,
    request: { method: request.method, header: headersFromV1(request), body: bodyFromV1(request), url: urlFromV1(request), description: request.description },
  };
  const auth = authFromV1(request);
  if (auth !== undefined) (item.request as Json).auth = auth;
  const event = eventsFromV1(request);
  if (event) item.event = event;
  if (Array.isArray(request.responses)) item.response = request.responses;
  if (request.protocolProfileBehavior !== undefined) item.protocolProfileBehavior = request.protocolProfileBehavior;
  if (Array.isArray(request.variables)) item.variable = request.variables;
  return item;
}

/** A v1 collection in v2.1 shapes, and what could not be placed in its tree. */
export interface V1Conversion {
  collection: Json;
  warnings: string[];
}

/**
 * Rewrites a v1 collection as v2.1. Order follows the transformer: top-level folders in
 * `folders_order` (else as listed, subfolders excepted), then the requests of `order`;
 * in a folder, its subfolders (`folders_order`) then its requests (`order`). Unlike the
 * transformer, which drops them, requests and folders no order names are added at the
 * top level with a warning, and a folder is placed once even if named twice.
 */
export function collectionFromV1(file: Json): V1Conversion {
  const warnings: string[] = [];
  const requests = new Map<string, Json>();
  for (const request of list(file.requests)) if (isObject(request) && request.id !== undefined) requests.set(String(request.id), request);
  const folders = new Map<string, Json>();
  for (const folder of list(file.folders)) if (isObject(folder) && folder.id !== undefined) folders.set(String(folder.id), folder);
  const subfolders = new Set<string>();
  for (const folder of folders.values()) for (const id of list(folder.folders_order)) subfolders.add(String(id));
  const placedFolders = new Set<string>();
  const placedRequests = new Set<string>();

  const requestItems = (order: unknown): Json[] =>
    list(order).flatMap((id) => {
      const request = requests.get(String(id));
      if (!request || placedRequests.has(String(id))) return [];
      placedRequests.add(String(id));
      return [itemFromV1Request(request)];
    });

  const folderItem = (id: string): Json[] => {
    const folder = folders.get(id);
    if (!folder || placedFolders.has(id)) return [];
    placedFolders.add(id);
    const item: Json = { name: folder.name, description: folder.description, item: [...list(folder.folders_order).flatMap((sub) => folderItem(String(sub))), ...requestItems(folder.order)] };
    const auth = authFromV1(folder);
    if (auth !== undefined) item.auth = auth;
    const event = eventsFromV1(folder);
    if (event) item.event = event;
    if (Array.isArray(folder.variables)) item.variable = folder.variables;
    return [item];
  };

  const topFolders = Array.isArray(file.folders_order) ? file.folders_order.map(String) : [...folders.keys()].filter((id) => !subfolders.has(id));
  const items: Json[] = [...topFolders.filter((id) => !subfolders.has(id)).flatMap(folderItem), ...requestItems(file.order)];
  for (const id of folders.keys()) {
    if (placedFolders.has(id) || subfolders.has(id)) continue;
    items.push(...folderItem(id));
    warnings.push(`Folder "${String(folders.get(id)!.name ?? id)}" is not listed in the collection's folders_order; it was added at the top level.`);
  }
  for (const [id, request] of requests) {
    if (placedRequests.has(id)) continue;
    items.push(...requestItems([id]));
    warnings.push(`Request "${String(request.name ?? id)}" is not listed in any folder's or the collection's order; it was added at the top level.`);
  }

  const collection: Json = { info: { name: file.name, description: file.description }, item: items };
  const auth = authFromV1(file);
  if (auth !== undefined) collection.auth = auth;
  const event = eventsFromV1(file);
  if (event) collection.event = event;
  if (Array.isArray(file.variables)) collection.variable = file.variables;
  return { collection, warnings };
}
