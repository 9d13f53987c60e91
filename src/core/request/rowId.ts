/**
 * Ids for drafts and table rows. Rows need stable ids so React keeps focus in the right
 * input while rows are added, removed and reordered.
 */

let rowCounter = 0;

/** A new id for a table row or draft, unique within this page or process. */
export function draftRowId(prefix = 'row'): string {
  rowCounter += 1;
  const random = globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36);
  return `${prefix}-${random}-${rowCounter.toString(36)}`;
}
