/**
 * The format worker: holds the response body (and a filter result) as indexed documents,
 * indexes them in short slices between messages so page requests are answered while a
 * 100 MB body is still being formatted, and reports progress at most every 50 ms.
 */
/// <reference lib="webworker" />
import { compileJsonPath, diffHunks, diffLines, type BodyKind } from '../../../../core';
import { BodyDocument } from '../format/bodyDocument';
import { FILTER_RESULT_LIMIT, type DocName, type FromWorker, type ToWorker, type WorkerRequest } from './formatProtocol';

declare const self: DedicatedWorkerGlobalScope;

const SLICE_MS = 25;
const SLICE_BYTES = 512 * 1024;
const PROGRESS_MS = 50;
const PARSED_CACHE_BYTES = 16 * 1024 * 1024;

let session = -1;
let body: BodyDocument | undefined;
let filter: BodyDocument | undefined;
let parsedBody: { value: unknown } | undefined;
let concluded = false;
/** Complete bodies of other tabs, indexed as they were left, so showing one again costs no re-read. */
const parked = new Map<number, { body: BodyDocument; parsedBody: { value: unknown } | undefined }>();
let scheduled = false;
let lastProgress = 0;
const dirty = new Set<DocName>();
const tick = new MessageChannel();

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

function documentOf(name: DocName): BodyDocument | undefined {
  return name === 'body' ? body : filter;
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  tick.port2.postMessage(null);
}

function reportProgress(force: boolean): void {
  const now = performance.now();
  if (!force && now - lastProgress < PROGRESS_MS) return;
  lastProgress = now;
  for (const name of dirty) {
    const doc = documentOf(name);
    if (doc) post({ type: 'progress', session, doc: name, progress: doc.progress() });
  }
  dirty.clear();
}

/** One slice of indexing work, then yield so queued requests run. */
function pump(): void {
  scheduled = false;
  const started = performance.now();
  let more = false;
  for (const name of ['body', 'filter'] as const) {
    const doc = documentOf(name);
    if (!doc) continue;
    let docMore = true;
    while (docMore && performance.now() - started < SLICE_MS) docMore = doc.work(SLICE_BYTES);
    dirty.add(name);
    more ||= docMore;
  }
  const finished = !more && body !== undefined && body.progress().ended;
  reportProgress(!more);
  if (finished && !concluded && body) {
    concluded = true;
    post({ type: 'conclusion', session, conclusion: body.conclude() });
  }
  if (more) schedule();
}

tick.port1.onmessage = pump;

function documentFromText(text: string, kind: BodyKind): BodyDocument {
  const doc = new BodyDocument(undefined, kind);
  doc.append(new TextEncoder().encode(text));
  doc.end();
  return doc;
}

function fullyFormatted(text: string, kind: BodyKind): string {
  const doc = documentFromText(text, kind);
  while (doc.work(8 * 1024 * 1024)) {
    /* small texts: format to the end */
  }
  const problem = doc.progress().pretty?.problem;
  return problem && kind === 'json' ? text : doc.textParts('pretty').join('');
}

function answer(request: WorkerRequest): unknown {
  switch (request.type) {
    case 'page':
      return documentOf(request.doc)?.page(request.view, request.from, request.count) ?? [];
    case 'search': {
      const doc = documentOf(request.doc);
      return doc ? doc.search(request.view, request.query, request.caseSensitive) : { lines: [], truncated: false, searchedBytes: 0 };
    }
    case 'text': {
      const doc = documentOf(request.doc);
      if (!doc) return '';
      if (doc.progress().textBytes > request.maxChars) throw new RangeError(`The text is larger than ${request.maxChars} characters`);
      doc.indexAll(request.view);
      dirty.add(request.doc);
      schedule();
      return doc.textParts(request.view).join('');
    }
    case 'blob': {
      const doc = documentOf(request.doc);
      doc?.indexAll(request.view);
      return new Blob(doc ? doc.textParts(request.view) : [], { type: 'text/plain;charset=utf-8' });
    }
    case 'jsonpath': {
      if (!body) throw new RangeError('There is no body to filter');
      const compiled = compileJsonPath(request.query);
      if (!compiled.ok) throw new SyntaxError(compiled.error.message);
      let parsed = parsedBody;
      if (!parsed) {
        try {
          parsed = { value: JSON.parse(body.wholeText()) as unknown };
        } catch (error) {
          throw new SyntaxError(`The body is not valid JSON, so it cannot be filtered: ${(error as Error).message}`);
        }
        // A parsed body costs several times its size; only small ones stay parsed for the next filter.
        if (body.progress().textBytes <= PARSED_CACHE_BYTES) parsedBody = parsed;
      }
      const all = compiled.value.select(parsed.value, FILTER_RESULT_LIMIT + 1);
      const nodes = all.slice(0, FILTER_RESULT_LIMIT);
      filter = documentFromText(JSON.stringify(nodes.map((n) => n.value), null, 2), 'json');
      filter.open('pretty');
      dirty.add('filter');
      schedule();
      return { count: nodes.length, truncated: all.length > FILTER_RESULT_LIMIT };
    }
    case 'setFilter':
      filter = documentFromText(request.text, request.kind);
      filter.open('pretty');
      dirty.add('filter');
      schedule();
      return true;
    case 'diff': {
      const before = fullyFormatted(request.before, request.kind).split('\n');
      const after = fullyFormatted(request.after, request.kind).split('\n');
      const runs = diffLines(before, after);
      if (!runs.ok) throw new RangeError(runs.error.message);
      return { hunks: diffHunks(runs.value), identical: runs.value.every((r) => r.kind === 'equal') };
    }
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'begin') {
    session = message.session;
    if (message.park !== undefined && body) parked.set(message.park, { body, parsedBody });
    for (const key of message.forget ?? []) parked.delete(key);
    const resumed = message.resume === undefined ? undefined : parked.get(message.resume);
    if (resumed) parked.delete(message.resume!);
    body = resumed?.body ?? new BodyDocument(message.contentType);
    body.open('pretty');
    filter = undefined;
    parsedBody = resumed?.parsedBody;
    concluded = false;
    dirty.clear();
    dirty.add('body');
    // A resumed body is complete: report it (and its conclusion) at once.
    if (resumed) schedule();
    return;
  }
  // A diff compares the two texts it carries, so it does not belong to any body.
  if (message.type === 'request' && message.request.type === 'diff') {
    reply(message.session, message.id, message.request);
    return;
  }
  if (message.session !== session) return;
  switch (message.type) {
    case 'chunks':
      for (const chunk of message.chunks) body?.append(chunk);
      dirty.add('body');
      schedule();
      return;
    case 'end':
      body?.end();
      dirty.add('body');
      schedule();
      return;
    case 'open':
      documentOf(message.doc)?.open(message.view);
      dirty.add(message.doc);
      schedule();
      return;
    case 'clearFilter':
      filter = undefined;
      return;
    case 'request':
      reply(session, message.id, message.request);
  }
};

function reply(replySession: number, id: number, request: WorkerRequest): void {
  try {
    post({ type: 'reply', session: replySession, id, ok: true, value: answer(request) });
  } catch (error) {
    post({ type: 'reply', session: replySession, id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}
