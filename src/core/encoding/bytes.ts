/** Byte helpers shared by the page, the CLI and the format code. */

/**
 * The parts one after another, always in a new array: callers may hand the result to code
 * that transfers or detaches its buffer (pdf.js does), which must never take a part with it.
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
