/**
 * A draft from a request already sent (history) or written elsewhere: headers become rows,
 * the query becomes its table, a text body lands in the editor its Content-Type names, a
 * form body becomes form rows, a single file becomes a binary body.
 */
import { contentTypeParams, parseForm } from '../encoding';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import type { WireRequest } from '../types';
import { headerValue } from '../types';
import { normaliseDraft, type DraftBodyKind, type DraftInput, type RequestDraft } from './draft';
import { draftRowId } from './rowId';

function bodyKindFor(contentType: string | undefined): DraftBodyKind {
  const essence = contentType === undefined ? '' : contentTypeParams(contentType).type;
  if (isJsonMediaType(essence)) return 'json';
  if (isXmlMediaType(essence)) return 'xml';
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  return 'text';
}

/**
 * The draft that sends `wire` again. Every header is kept as a typed row (Content-Type and
 * Authorization included), so nothing is computed twice. A body made of text only goes to
 * the editor of its media type; form text is split into rows, which re-encode to the same
 * text when it was canonical; bytes are read as UTF-8; one file alone becomes a binary
 * body; a multipart body with files is kept as text with its files dropped, since its
 * parts cannot be rebuilt from chunks.
 */
export function draftFromWire(wire: WireRequest, name = ''): RequestDraft {
  const input: DraftInput = {
    name,
    method: wire.method,
    url: wire.url,
    headers: wire.headers.map((h) => ({ id: draftRowId(), enabled: true, name: h.name, value: h.value })),
  };
  const chunks = wire.body ?? [];
  if (chunks.length === 1 && typeof chunks[0] === 'object' && !(chunks[0] instanceof Uint8Array)) {
    input.body = { kind: 'binary', binary: chunks[0] };
  } else if (chunks.length > 0) {
    const decoder = new TextDecoder();
    const text = chunks.map((c) => (typeof c === 'string' ? c : c instanceof Uint8Array ? decoder.decode(c) : '')).join('');
    const kind = bodyKindFor(headerValue(wire.headers, 'content-type'));
    if (kind === 'form') {
      input.body = { kind, form: parseForm(text).map((pair) => ({ id: draftRowId(), enabled: true, ...pair })) };
    } else {
      input.body = { kind, texts: { [kind]: text } };
    }
  }
  return normaliseDraft(input);
}
