/**
 * Test-only builders for the format modules: a document fed in chosen pieces and read back
 * as text, so specifications state input and expected layout in one line.
 */
import { BodyDocument, type LineView } from './bodyDocument';
import type { BodyKind } from '../../../../core';

/** Feeds `text` (or bytes) to a new document in pieces of `piece` bytes and indexes it fully. */
export function documentOf(body: string | Uint8Array, contentType?: string, options: { piece?: number; forced?: BodyKind } = {}): BodyDocument {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const doc = new BodyDocument(contentType, options.forced);
  doc.open('raw');
  const piece = options.piece ?? 7;
  for (let i = 0; i < bytes.length; i += piece) {
    doc.append(bytes.subarray(i, i + piece));
    while (doc.work(13)) {
      /* index what arrived, in small steps, to exercise resumption */
    }
  }
  doc.end();
  while (doc.work(13)) {
    /* finish */
  }
  return doc;
}

/** A view of a document as indented text, one line per display line. */
export function viewText(doc: BodyDocument, view: LineView = 'pretty'): string {
  return doc.textParts(view, 64).join('');
}
