/**
 * A growing byte sequence stored in fixed 1 MiB blocks: appending never copies what is
 * already stored (unlike one doubling buffer, whose copies would double peak memory on a
 * 100 MB body), and any byte is one shift and one mask away.
 */
const BLOCK_BITS = 20;
/** Bytes per block. */
export const BLOCK_SIZE = 1 << BLOCK_BITS;

export class BlockBytes {
  private readonly blocks: Uint8Array[] = [];
  private size = 0;

  /** Number of bytes stored. */
  get length(): number {
    return this.size;
  }

  /** Copies `bytes` onto the end. */
  append(bytes: Uint8Array): void {
    let read = 0;
    while (read < bytes.length) {
      const within = this.size % BLOCK_SIZE;
      if (within === 0) this.blocks.push(new Uint8Array(BLOCK_SIZE));
      const block = this.blocks[this.blocks.length - 1]!;
      const take = Math.min(BLOCK_SIZE - within, bytes.length - read);
      block.set(bytes.subarray(read, read + take), within);
      read += take;
      this.size += take;
    }
  }

  /** The byte at `offset`; `offset` must be inside the stored range. */
  byteAt(offset: number): number {
    return this.blocks[Math.floor(offset / BLOCK_SIZE)]![offset % BLOCK_SIZE]!;
  }

  /**
   * Calls `visit` with views of the stored bytes from `from` to `to`, block by block, so
   * hot loops run over plain typed arrays. `base` is the offset of `span[0]`.
   */
  spans(from: number, to: number, visit: (span: Uint8Array, base: number) => boolean | void): void {
    if (from < 0 || to > this.size || from > to) throw new RangeError(`Span ${from}..${to} is outside 0..${this.size}`);
    let at = from;
    while (at < to) {
      const index = Math.floor(at / BLOCK_SIZE);
      const within = at % BLOCK_SIZE;
      const take = Math.min(BLOCK_SIZE - within, to - at);
      if (visit(this.blocks[index]!.subarray(within, within + take), at) === false) return;
      at += take;
    }
  }

  /** A copy of the bytes from `from` to `to` (a view when they lie in one block). */
  slice(from: number, to: number): Uint8Array {
    const start = Math.max(0, from);
    const end = Math.min(this.size, to);
    if (end <= start) return new Uint8Array(0);
    const first = Math.floor(start / BLOCK_SIZE);
    if (first === Math.floor((end - 1) / BLOCK_SIZE)) return this.blocks[first]!.subarray(start % BLOCK_SIZE, start % BLOCK_SIZE + (end - start));
    const out = new Uint8Array(end - start);
    let filled = 0;
    this.spans(start, end, (span) => {
      out.set(span, filled);
      filled += span.length;
    });
    return out;
  }
}
