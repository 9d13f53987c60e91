/**
 * History entries as a HAR 1.2 file: the stored entries (already redacted) with their
 * response bodies read from their Blobs (masked by core's `exportHar` unless the person
 * keeps bodies verbatim) — as text when they are UTF-8, as base64
 * otherwise — up to a total size, beyond which bodies are left out (their size stays).
 */
import { exportHar, type HarResponseBody, type HistoryEntry } from '../../../core';
import type { WorkspaceSession } from './workspaceSession';

/** Response bodies are included up to this many bytes in total. */
export const HAR_BODY_BUDGET = 50 * 1024 * 1024;

async function bodyOf(blob: Blob): Promise<HarResponseBody> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { text: btoa(binary), encoding: 'base64' };
  }
}

/**
 * The HAR text of the entries `ids`, and the entries that could not be read, with why.
 * Response headers and text bodies are masked as history masks them (again, for entries
 * stored before a rule existed) unless `verbatimBodies`, the person's choice to keep
 * response bodies verbatim, is on; headers are masked either way.
 */
export async function historyHar(session: WorkspaceSession, ids: readonly string[], options: { verbatimBodies?: boolean } = {}): Promise<{ text: string; count: number; problems: string[] }> {
  const entries: HistoryEntry[] = [];
  const problems: string[] = [];
  const responseBodies: Record<string, HarResponseBody> = {};
  let budget = HAR_BODY_BUDGET;
  for (const id of ids) {
    const entry = await session.readHistoryEntry(id);
    if (!entry.ok) {
      problems.push(entry.error.message);
      continue;
    }
    entries.push(entry.value);
    const ref = entry.value.responseBodyRef;
    if (!ref) continue;
    const blob = await session.readResponseBody(ref).catch(() => undefined);
    if (!blob || blob.size > budget) continue;
    budget -= blob.size;
    responseBodies[ref] = await bodyOf(blob);
  }
  return { text: exportHar(entries, { responseBodies, verbatimBodies: options.verbatimBodies === true }), count: entries.length, problems };
}
