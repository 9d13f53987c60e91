/**
 * The body as it came, cut into display rows: a row per source line, and lines longer
 * than `ROW_BYTES` wrapped into continuation rows (depth 1) at a UTF-8 character
 * boundary — a minified 100 MB JSON is one source line, and no view can lay that out.
 */
import type { BlockBytes } from './blockBytes';
import type { IndexError, LineIndexer } from './jsonLines';
import { LineTable } from './lineTable';

/** Longest row in bytes before it wraps. */
export const ROW_BYTES = 400;

/** The raw row indexer. */
export class RawLineIndexer implements LineIndexer {
  readonly lines = new LineTable();
  indexed = 0;
  readonly error: IndexError | undefined = undefined;
  complete = false;
  private rowStart = -1;

  advance(bytes: BlockBytes, until: number, final: boolean): void {
    if (this.complete) return;
    if (until > this.indexed) {
      bytes.spans(this.indexed, until, (span, base) => {
        let i = 0;
        // The next newline is found once and reused, or wrapping a long line would rescan it per row.
        let newline = -1;
        if (this.rowStart < 0) {
          this.lines.push(base, 0);
          this.rowStart = base;
        }
        while (i < span.length) {
          const limit = this.rowStart + ROW_BYTES - base;
          if (newline < i) {
            newline = span.indexOf(0x0a, i);
            if (newline < 0) newline = span.length;
          }
          if (newline < span.length && newline < limit) {
            // The next row starts after the newline, once there is a byte for it.
            i = newline + 1;
            if (base + i < until) {
              this.lines.push(base + i, 0);
              this.rowStart = base + i;
            } else {
              this.rowStart = -1;
            }
            continue;
          }
          if (limit >= span.length) break;
          // Wrap: back up over UTF-8 continuation bytes so a character is never split.
          let cut = Math.max(limit, i + 1);
          for (let back = 0; back < 3 && cut > i + 1 && cut < span.length && (span[cut]! & 0xc0) === 0x80; back++) cut--;
          this.lines.push(base + cut, 1);
          this.rowStart = base + cut;
          i = cut;
        }
      });
      this.indexed = until;
    }
    if (final && this.indexed === bytes.length) this.complete = true;
  }
}
