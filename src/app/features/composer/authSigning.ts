/**
 * The page's side of the signing step (core's `signWire`): the draft's auth values with
 * variables resolved, this moment from the clock, and file bodies streamed from the file
 * registry to be hashed in pieces (never read whole). Used by the send, last, and by
 * "What will be sent" for its preview.
 */
import { ok, schemeSigns, signWire, substituteVariables, type FileRef, type RequestDraft, type Result, type SignedWire, type WireRequest } from '../../../core';
import { fileRegistry } from '../../base/relay/relayClient';

async function* readRegisteredFile(file: FileRef): AsyncIterable<Uint8Array> {
  const blob = fileRegistry.get(file.id);
  if (!blob) throw new Error('the file is no longer available in this page');
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** True when the draft's auth scheme signs the final request. */
export function draftSigns(draft: Pick<RequestDraft, 'auth'>): boolean {
  return draft.auth.scheme !== 'vault' && schemeSigns(draft.auth.scheme);
}

/** `wire` signed by the draft's scheme at `now`, or `undefined` when the scheme does not sign. */
export async function signDraftWire(draft: Pick<RequestDraft, 'auth'>, env: Record<string, string>, wire: WireRequest, now = new Date()): Promise<Result<SignedWire | undefined>> {
  if (!draftSigns(draft)) return ok(undefined);
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.auth.values)) values[name] = substituteVariables(value, env).text;
  return signWire(draft.auth.scheme, values, wire, { now, readFile: readRegisteredFile });
}
