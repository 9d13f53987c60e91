/**
 * Insomnia request bodies and Wirebench draft bodies, both ways. Insomnia keeps a body as
 * `{mimeType, text}` (JSON, XML, plain text, GraphQL as the JSON text
 * `{"query", "variables", "operationName"}`), `{mimeType, params}` (a form; file parts
 * carry `type: "file"` and `fileName`) or `{mimeType: "application/octet-stream", fileName}`.
 */
import { parseJson } from '../encoding';
import { BODY_KIND_CONTENT_TYPES, draftRowId, type DraftBody, type DraftInput, type HeaderRowInput, type MultipartPartDraft, type RequestDraft } from '../request';
import { mimeOfFileName } from './fileMime';
import { baseName, draftBodyForText } from './importResult';
import { isObject, kindOf } from './insomniaRead';

type Json = Record<string, unknown>;
type BodyInput = NonNullable<DraftInput['body']>;

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** The GraphQL body of Insomnia's `application/graphql` text; `where` names the field for warnings (`resources[3].body.text`). */
function graphQlFromText(text: string, where: string, tpl: (text: string) => string, warn: (message: string) => void): BodyInput {
  const parsed = parseJson(text);
  if (!parsed.ok || !isObject(parsed.value)) {
    const at = !parsed.ok ? parsed.error.position : undefined;
    warn(
      `${where}: ${parsed.ok ? `is ${kindOf(parsed.value)} in JSON, not {"query", "variables"}` : `not JSON${at ? ` at line ${at.line}, column ${at.column}` : ''}`} (Insomnia keeps {"query", "variables", "operationName"} there); the whole text was kept as the GraphQL query`,
    );
    return { kind: 'graphql', graphql: { query: tpl(text), variables: '', operationName: '' } };
  }
  const value = parsed.value;
  let query = '';
  if (typeof value.query === 'string') query = value.query;
  else if (value.query !== undefined) warn(`${where}.query: is ${kindOf(value.query)}, not text; the query was left empty`);
  const given = value.variables;
  // Kept as text (so {{variables}} and half-typed JSON survive); an object is written out as JSON.
  const variables = given === undefined || given === null ? '' : typeof given === 'string' ? given : JSON.stringify(given, null, 2);
  let operationName = '';
  if (typeof value.operationName === 'string') operationName = value.operationName;
  else if (value.operationName !== undefined && value.operationName !== null) warn(`${where}.operationName: is ${kindOf(value.operationName)}, not text; it was left out`);
  return { kind: 'graphql', graphql: { query: tpl(query), variables: tpl(variables), operationName } };
}

/** Reads one Insomnia body. `at` is the body's path (`resources[3].body`); `tpl` converts template tags. */
export function bodyFromInsomnia(body: unknown, at: string, tpl: (text: string) => string, warn: (message: string) => void): BodyInput | undefined {
  if (body === undefined || body === null) return undefined;
  if (!isObject(body)) {
    warn(`${at}: is ${kindOf(body)}, not a body object; the request was imported without a body`);
    return undefined;
  }
  const mimeType = str(body.mimeType).toLowerCase();
  const essence = mimeType.split(';')[0]!.trim();
  const params = body.params;
  if (params !== undefined && !Array.isArray(params)) warn(`${at}.params: is ${kindOf(params)}, not a list of fields; they were left out`);
  const rows = (Array.isArray(params) ? params : []).flatMap((p, index) => {
    if (!isObject(p)) {
      warn(`${at}.params[${index}]: is ${kindOf(p)}, not a field; it was left out`);
      return [];
    }
    return [{ p, index }];
  });
  if (essence === 'application/x-www-form-urlencoded') {
    return { kind: 'form', form: rows.map(({ p }) => ({ id: draftRowId(), enabled: p.disabled !== true, name: tpl(str(p.name)), value: tpl(str(p.value)) })) };
  }
  if (essence === 'multipart/form-data') {
    return {
      kind: 'multipart',
      multipart: rows.map(({ p, index }): MultipartPartDraft => {
        const name = tpl(str(p.name));
        if (p.type === 'file') {
          const path = str(p.fileName);
          const part: MultipartPartDraft = { id: draftRowId(), enabled: p.disabled !== true, name, kind: 'file', value: '', contentType: '', base64: false, headers: [] };
          if (path) {
            part.filename = baseName(path);
            part.file = { kind: 'file', id: draftRowId('file'), name: path, size: 0, type: mimeOfFileName(path) };
          }
          warn(`${at}.params[${index}] ("${name}"): the file "${path || '(none chosen)'}" has to be picked again before sending in the app (wirebench run reads it from --working-dir)`);
          return part;
        }
        return { id: draftRowId(), enabled: p.disabled !== true, name, kind: 'text', value: tpl(str(p.value)), contentType: '', base64: false, headers: [] };
      }),
    };
  }
  if (essence === 'application/graphql') return graphQlFromText(str(body.text), `${at}.text`, tpl, warn);
  if (typeof body.fileName === 'string' && body.text === undefined) {
    warn(`${at}.fileName: the body is the file "${body.fileName || '(none chosen)'}": pick it again before sending in the app (wirebench run reads it from --working-dir)`);
    return body.fileName ? { kind: 'binary', binary: { kind: 'file', id: draftRowId('file'), name: body.fileName, size: 0, ...(mimeType ? { type: mimeType } : {}) } } : { kind: 'binary' };
  }
  if (body.text !== undefined && typeof body.text !== 'string') {
    warn(`${at}.text: is ${kindOf(body.text)}, not text; the request was imported without a body`);
    return undefined;
  }
  const text = tpl(str(body.text));
  if (text === '') return undefined;
  const byType = draftBodyForText(text, mimeType || 'text/plain');
  // Insomnia's JSON editor keeps what is typed even when it is not JSON yet; so does Wirebench's (it says where when sending).
  return byType;
}

/** The Content-Type Wirebench sends for a body when none is typed (multipart's carries its boundary: none here). */
export function impliedContentType(body: Pick<DraftBody, 'kind'> & { binary?: DraftBody['binary'] }): string | undefined {
  switch (body.kind) {
    case 'json':
    case 'xml':
    case 'text':
    case 'form':
      return BODY_KIND_CONTENT_TYPES[body.kind];
    case 'graphql':
      return 'application/json';
    case 'binary':
      return body.binary?.type || 'application/octet-stream';
    default:
      return undefined;
  }
}

/**
 * Insomnia's headers for a body, read for Wirebench: Insomnia writes the body's Content-Type
 * as a header (and sends no other), Wirebench sends the one a body implies itself. A lone
 * Content-Type header equal to what the body implies is left to the body, and a multipart
 * one without a boundary is dropped (Insomnia fills the boundary in when sending; Wirebench
 * writes its own): typed, it would go without one and the server could not read the parts.
 */
export function headersForBody(headers: HeaderRowInput[], body: BodyInput | undefined): HeaderRowInput[] {
  if (!body) return headers;
  const typed = headers.filter((h) => h.name.toLowerCase() === 'content-type');
  if (typed.length !== 1 || typed[0]!.enabled === false) return headers;
  const value = typed[0]!.value.trim().toLowerCase();
  const drop = body.kind === 'multipart' ? /^multipart\/form-data\s*;?\s*$/.test(value) : value === impliedContentType({ kind: body.kind ?? 'none', ...(body.binary ? { binary: body.binary } : {}) })?.toLowerCase();
  return drop ? headers.filter((h) => h !== typed[0]) : headers;
}

/** A JSON value with `map` applied to every string in it (keys kept). */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  return value;
}

/** The Insomnia body for a draft's body, or undefined for none. `tpl` writes variables as Insomnia's tags. */
export function bodyToInsomnia(draft: RequestDraft, tpl: (text: string) => string): Json | undefined {
  const body = draft.body;
  const contentType = draft.headers.find((h) => h.enabled && h.name.toLowerCase() === 'content-type')?.value;
  switch (body.kind) {
    case 'none':
      return undefined;
    // An empty text body is no body (Wirebench sends none, and no Content-Type).
    case 'json':
      return body.texts.json === '' ? undefined : { mimeType: contentType || 'application/json', text: tpl(body.texts.json) };
    case 'xml':
      return body.texts.xml === '' ? undefined : { mimeType: contentType || 'application/xml', text: tpl(body.texts.xml) };
    case 'text':
      return body.texts.text === '' ? undefined : { mimeType: contentType || 'text/plain', text: tpl(body.texts.text) };
    case 'form':
      return { mimeType: 'application/x-www-form-urlencoded', params: body.form.map((row) => ({ name: tpl(row.name), value: tpl(row.value), disabled: !row.enabled })) };
    case 'multipart':
      return {
        mimeType: 'multipart/form-data',
        params: body.multipart.map((part) =>
          part.kind === 'file'
            ? { name: tpl(part.name), value: '', type: 'file', fileName: part.file?.name ?? part.filename ?? '', disabled: !part.enabled }
            : { name: tpl(part.name), value: tpl(part.value), disabled: !part.enabled },
        ),
      };
    case 'binary':
      return { mimeType: contentType || body.binary?.type || 'application/octet-stream', fileName: body.binary?.name ?? '' };
    case 'graphql': {
      const graphql = body.graphql;
      const variablesText = graphql?.variables ?? '';
      // Insomnia keeps the variables as a JSON object; text that is not JSON (yet) goes as a string, so nothing is lost.
      const parsed = variablesText.trim() === '' ? undefined : parseJson(variablesText);
      const variables = parsed === undefined ? undefined : parsed.ok ? parsed.value : variablesText;
      const operation: Json = { query: tpl(graphql?.query ?? '') };
      if (variables !== undefined) operation.variables = mapStrings(variables, tpl);
      if (graphql?.operationName) operation.operationName = graphql.operationName;
      return { mimeType: 'application/graphql', text: JSON.stringify(operation) };
    }
  }
}
