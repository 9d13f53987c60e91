/**
 * Where imports come from besides a paste: a URL fetched through the local relay (the
 * page cannot reach other origins itself), and a WSDL with the schemas it imports — from
 * a URL through the SOAP tools' worker loader, pasted or from a file with core's
 * `parseWsdl` here — turned into a collection by `wsdlToCollection`. Other formats are
 * read in the import worker with a time budget. Failures are values with the reason,
 * like every importer's.
 */
import { fail, ok, parseWsdl, sniffImportFormat, wsdlToCollection, type ImportFormat, type ImportResult, type Result } from '../../../core';
import { pageNetworkOptions } from '../../base/relay/networkOptions';
import { sendThroughRelay } from '../../base/relay/relayClient';
import { loadWsdlCollection } from '../soap/wsdlLoader';
import { isDescriptionPath, isZipPath, type ImportFileData } from './importFiles';
import { importFilesInWorker, importInWorker } from './importWorkerClient';

/** Texts fetched for an import are limited: a description, not a download. */
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The text at `url`, fetched through the relay (redirects followed); rejects with an Error saying why not. */
export async function fetchTextThroughRelay(url: string, signal?: AbortSignal): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let status = 0;
  let reason = '';
  const network = await pageNetworkOptions(url);
  if (!network.ok) throw new Error(network.message);
  const outcome = await sendThroughRelay(
    { method: 'GET', url, headers: [{ name: 'Accept', value: 'application/json, application/yaml, text/xml, application/xml, */*;q=0.5' }] },
    { followRedirects: true, timeoutMs: 30_000, ...network.value, ...(signal ? { signal } : {}) },
    {
      onHead: (head) => {
        status = head.status;
        reason = head.reason;
      },
      onBody: (chunk) => {
        size += chunk.length;
        if (size <= MAX_IMPORT_BYTES) chunks.push(chunk);
      },
    },
  );
  if (!outcome.ok) throw new Error(`${url} could not be fetched: ${outcome.error.message}`);
  if (status >= 400) throw new Error(`${url} answered ${status}${reason ? ` ${reason}` : ''}`);
  if (size > MAX_IMPORT_BYTES) throw new Error(`${url} is larger than ${MAX_IMPORT_BYTES} bytes`);
  return new TextDecoder().decode(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

/**
 * A WSDL as a collection of SOAP requests. `entryText`, when given, is the WSDL itself
 * (pasted or from a file); the documents it imports are fetched relative to `entryUrl`.
 */
export async function importWsdl(entryUrl: string, entryText?: string): Promise<Result<ImportResult>> {
  const model = await parseWsdl(entryUrl, (url) => (entryText !== undefined && url === entryUrl ? Promise.resolve(entryText) : fetchTextThroughRelay(url)));
  if (!model.ok) return model;
  return ok(wsdlToCollection(model.value, entryUrl));
}

/** What an import produced, with the format it was read as. */
export interface ImportOutcome {
  format: ImportFormat;
  result: ImportResult;
}

/**
 * Imports `text` (named `fileName`, or fetched from `url`) in whatever format it is. Every
 * format but WSDL is read in the import worker under a time budget, so an input built to
 * take exponential time ends as a typed `import-too-complex` failure, never a frozen page.
 */
export async function importText(text: string, source: { fileName?: string; url?: string } = {}): Promise<Result<ImportOutcome>> {
  const name = source.fileName ?? source.url?.split(/[?#]/)[0]?.split('/').pop() ?? '';
  // WSDL is XML: only a text that opens with '<' is sniffed here. Sniffing any other checks and parses a JSON text whole on the page's thread (a second for 100,000 requests); the worker does that.
  if (/^\s*</.test(text) && sniffImportFormat(text, name) === 'wsdl') {
    const result = await importWsdl(source.url ?? (name || 'pasted.wsdl'), text);
    return result.ok ? ok({ format: 'wsdl', result: result.value }) : result;
  }
  const outcome = await importInWorker(text, name);
  if (!outcome.ok) return outcome;
  if (outcome.value.format === 'wsdl') return fail({ kind: 'unknown-format', message: outcome.value.message });
  return ok({ format: outcome.value.format, result: outcome.value.result });
}

/** The path a picked or dropped file has within its folder (`webkitRelativePath`), else its name. */
function pathOf(file: File): string {
  return file.webkitRelativePath || file.name;
}

/**
 * Imports what was picked or dropped: one file as its format says; several files, a
 * folder's files or a .zip as one OpenAPI or Swagger description whose relative `$ref`s
 * are resolved among them (read in the import worker; nothing is fetched).
 */
export async function importFiles(files: readonly File[]): Promise<Result<ImportOutcome>> {
  const only = files.length === 1 ? files[0] : undefined;
  if (only && !isZipPath(only.name)) return importText(await only.text(), { fileName: only.name });
  const data: ImportFileData[] = [];
  for (const file of files) {
    const path = pathOf(file);
    if (isZipPath(path)) data.push({ path, zip: new Uint8Array(await file.arrayBuffer()) });
    else if (isDescriptionPath(path)) data.push({ path, text: await file.text() });
  }
  if (data.length === 0) {
    return fail({ kind: 'unknown-format', message: `None of the ${files.length} files given is a .yaml, .yml, .json or .zip file; several files are read as one OpenAPI or Swagger description.` });
  }
  const outcome = await importFilesInWorker(data);
  if (!outcome.ok) return outcome;
  if (outcome.value.format === 'wsdl') return fail({ kind: 'unknown-format', message: outcome.value.message });
  return ok({ format: outcome.value.format, result: outcome.value.result });
}

/** A WSDL at `url`, loaded and parsed off the page's thread by the SOAP tools' loader. */
async function importWsdlUrl(url: string): Promise<Result<ImportOutcome>> {
  const result = await loadWsdlCollection(url);
  return result.ok ? ok({ format: 'wsdl', result: result.value }) : result;
}

/** Imports what is at `url` (an OpenAPI document, a Postman collection, a WSDL…), fetched through the relay. */
export async function importUrl(url: string): Promise<Result<ImportOutcome>> {
  let text: string;
  try {
    new URL(url);
  } catch {
    return fail({ kind: 'url-invalid', field: 'url', message: `"${url}" is not an absolute URL (it needs http:// or https://).` });
  }
  if (/[?&]wsdl(=|&|$)|\.wsdl$/i.test(url)) return importWsdlUrl(url);
  try {
    text = await fetchTextThroughRelay(url);
  } catch (err) {
    return fail({ kind: 'fetch-failed', message: (err as Error).message });
  }
  if (/^\s*</.test(text) && sniffImportFormat(text, url.split(/[?#]/)[0] ?? '') === 'wsdl') return importWsdlUrl(url);
  return importText(text, { url });
}

/** How the dialog names each format. */
export const IMPORT_FORMAT_LABELS: Readonly<Record<ImportFormat, string>> = {
  curl: 'cURL command',
  postman: 'Postman Collection',
  har: 'HAR 1.2',
  openapi: 'OpenAPI / Swagger',
  http: '.http file',
  wsdl: 'WSDL',
  insomnia: 'Insomnia export',
};
