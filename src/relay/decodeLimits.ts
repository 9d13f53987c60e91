/**
 * Limits on what a content-coded body may grow into while the relay decodes it (issue 32):
 * a few kilobytes of gzip or Brotli can stand for gigabytes, and the page would go on
 * receiving them. Decoding stops, with an error that says why, when the body is both past
 * `RATIO_FLOOR_BYTES` and more than `MAX_RATIO` times its wire size (the shape of a
 * decompression bomb; real JSON, HTML or logs compress 5–50 times), or past `MAX_DECODED_BYTES`
 * whatever the ratio. A body sent without a content coding is not limited here: its wire
 * size is what it is, and the page keeps only the first part of a large one.
 */
import { RelayFailure } from './failures';

/** Decoded bytes after which the ratio is checked (small bodies may compress far better). */
export const RATIO_FLOOR_BYTES = 16 * 1024 * 1024;
/** Decoded bytes per wire byte beyond which decoding stops. */
export const MAX_RATIO = 1000;
/** Decoded bytes beyond which decoding stops, whatever the ratio. */
export const MAX_DECODED_BYTES = 2 * 1024 * 1024 * 1024;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(bytes >= 100 * 1024 * 1024 ? 0 : 1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;

/** The failure that stops decoding, or undefined while the body is within the limits. */
export function decodeRefusal(codings: readonly string[], wire: number, decoded: number): RelayFailure | undefined {
  const coding = codings.join(', ');
  if (decoded > MAX_DECODED_BYTES) {
    return new RelayFailure(
      'too_large',
      `The ${coding}-coded body grew past ${size(MAX_DECODED_BYTES)} once decoded (from ${size(wire)} on the wire), the most the relay decodes; it stopped reading. What arrived before that is shown.`,
      undefined,
      'body',
      'WB_DECODED_TOO_LARGE',
    );
  }
  if (decoded > RATIO_FLOOR_BYTES && decoded > wire * MAX_RATIO) {
    return new RelayFailure(
      'too_large',
      `The ${coding}-coded body decoded to ${size(decoded)} from only ${size(wire)} on the wire (over ${MAX_RATIO.toLocaleString('en')} times larger): that is how a decompression bomb looks, so the relay stopped decoding it. What arrived before that is shown.`,
      undefined,
      'body',
      'WB_DECOMPRESSION_BOMB',
    );
  }
  return undefined;
}
