/**
 * HAR 1.2 files (a browser's network tab, "Save all as HAR") imported as a collection:
 * one saved request per entry, grouped in a folder per host when there are several.
 * Headers the relay computes itself (Host, Content-Length, HTTP/2 pseudo-headers) are
 * left out; bodies come from postData text or params.
 */
import { z } from 'zod';
import { contentTypeParams } from '../encoding';
import { draftRowId, type DraftInput, type MultipartPartDraft } from '../request';
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { CollectionItem, Folder } from '../workspace';
import { workspaceItemId } from '../workspace';
import { draftBodyForText, emptyCollection, parseJsonDocument, requestNameOf, savedRequestOf, schemaFailure, type ImportResult } from './importResult';

const nameValue = z.looseObject({ name: z.string(), value: z.string() });

/** The parts of HAR 1.2 the importer reads; everything else may be present and is ignored. */
export const harDocumentSchema = z.looseObject({
  log: z.looseObject({
    version: z.string().optional(),
    creator: z.looseObject({ name: z.string(), version: z.string().optional() }).optional(),
    entries: z.array(
      z.looseObject({
        startedDateTime: z.string().optional(),
        request: z.looseObject({
          method: z.string(),
          url: z.string(),
          httpVersion: z.string().optional(),
          headers: z.array(nameValue),
          queryString: z.array(nameValue).optional(),
          postData: z
            .looseObject({
              mimeType: z.string().optional(),
              text: z.string().optional(),
              params: z.array(z.looseObject({ name: z.string(), value: z.string().optional(), fileName: z.string().optional(), contentType: z.string().optional() })).optional(),
            })
            .optional(),
          comment: z.string().optional(),
        }),
      }),
    ),
  }),
});

type HarEntryRequest = z.infer<typeof harDocumentSchema>['log']['entries'][number]['request'];

/** Headers the relay writes itself, or that only exist in HTTP/2 captures. */
const COMPUTED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

function bodyOf(request: HarEntryRequest, input: DraftInput, warnings: string[], label: string): void {
  const postData = request.postData;
  if (!postData) return;
  const typed = input.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const mimeType = postData.mimeType || typed || '';
  const media = contentTypeParams(mimeType);
  const boundary = media.params.boundary ?? (typed ? contentTypeParams(typed).params.boundary : undefined);
  const params = postData.params ?? [];
  if (params.length > 0 && media.type === 'multipart/form-data' && !postData.text) {
    input.headers = input.headers?.filter((h) => h.name.toLowerCase() !== 'content-type');
    const parts = params.map((param) => {
      const file = param.fileName !== undefined && param.value === undefined;
      if (file) warnings.push(`${label}: part "${param.name}" is the file "${param.fileName}": pick the file again before sending.`);
      const part: Partial<MultipartPartDraft> = { id: draftRowId(), enabled: true, name: param.name, kind: file ? 'file' : 'text', value: param.value ?? '', contentType: param.contentType ?? '', base64: false, headers: [] };
      if (param.fileName !== undefined) part.filename = param.fileName;
      return part as MultipartPartDraft;
    });
    input.body = { kind: 'multipart', multipart: parts, ...(boundary ? { boundary } : {}) };
    return;
  }
  if (params.length > 0 && !postData.text) {
    input.body = { kind: 'form', form: params.map((p) => ({ id: draftRowId(), enabled: true, name: p.name, value: p.value ?? '' })) };
    return;
  }
  input.body = draftBodyForText(postData.text ?? '', mimeType || undefined);
  const hasType = input.headers?.some((h) => h.name.toLowerCase() === 'content-type');
  if (!hasType && mimeType && input.body.kind !== 'none') input.headers = [...(input.headers ?? []), { name: 'Content-Type', value: mimeType }];
}

/**
 * Imports a HAR 1.1 or 1.2 file. Fails with the JSON error's line and column, with
 * the schema path of the first problem (`log.entries[2].request.url`), or when
 * `log.version` names another version. Entries whose URL is not http(s) (data:, blob:,
 * WebSocket, extension pages) are skipped with the reason.
 */
export function importHar(text: string, name?: string): Result<ImportResult> {
  const json = parseJsonDocument(text, 'HAR');
  if (!json.ok) return json;
  const parsed = harDocumentSchema.safeParse(json.value);
  if (!parsed.success) return schemaFailure(parsed.error, 'HAR file');
  const log = parsed.data.log;
  if (log.version !== undefined && log.version !== '' && log.version !== '1.1' && log.version !== '1.2') {
    return fail({ kind: 'unsupported-version', field: 'log.version', message: `This HAR file is version ${log.version}; Wirebench reads HAR 1.1 and 1.2.` });
  }
  const collection = emptyCollection(name ?? (log.creator ? `HAR from ${log.creator.name}` : 'HAR import'));
  const result: ImportResult = { collection, skipped: [], warnings: [] };
  const byHost = new Map<string, CollectionItem[]>();
  log.entries.forEach((entry, index) => {
    const request = entry.request;
    const label = `Entry ${index + 1} (${request.method} ${request.url.slice(0, 80)})`;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(request.url)?.[1]?.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') {
      result.skipped.push({ item: label, reason: `its URL is ${scheme ? `a ${scheme}: URL` : 'not absolute'}; only http and https requests can be sent` });
      return;
    }
    const input: DraftInput = {
      method: request.method,
      url: request.url.split('#')[0]!,
      headers: request.headers.filter((h) => !h.name.startsWith(':') && !COMPUTED_HEADERS.has(h.name.toLowerCase())).map((h) => ({ name: h.name, value: h.value })),
    };
    bodyOf(request, input, result.warnings, label);
    const host = /^[a-z]+:\/\/([^/?#]*)/i.exec(request.url)?.[1] ?? '';
    const list = byHost.get(host) ?? [];
    list.push(savedRequestOf(requestNameOf(request.method, request.url), input, request.comment));
    byHost.set(host, list);
  });
  if (byHost.size <= 1) collection.items = [...byHost.values()].flat();
  else collection.items = [...byHost].map(([host, items]): Folder => ({ kind: 'folder', id: workspaceItemId('fld'), name: host || '(no host)', items }));
  return ok(result);
}
