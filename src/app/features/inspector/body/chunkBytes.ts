/**
 * Random access into the body chunks the page received (for the hex view): offsets of
 * chunk starts, extended as chunks arrive, and a binary search per read.
 */
export class ChunkBytes {
  private starts: number[] = [];
  private indexed = 0;
  private total = 0;

  constructor(private readonly chunks: readonly Uint8Array[]) {}

  /** Bytes available now (chunks may still be arriving). */
  get length(): number {
    this.catchUp();
    return this.total;
  }

  private catchUp(): void {
    while (this.indexed < this.chunks.length) {
      this.starts.push(this.total);
      this.total += this.chunks[this.indexed]!.length;
      this.indexed++;
    }
  }

  /** Copies bytes `from`..`to` (clamped to what has arrived). */
  read(from: number, to: number): Uint8Array {
    this.catchUp();
    const end = Math.min(to, this.total);
    const out = new Uint8Array(Math.max(0, end - from));
    if (out.length === 0) return out;
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= from) lo = mid;
      else hi = mid - 1;
    }
    let filled = 0;
    for (let c = lo; c < this.chunks.length && filled < out.length; c++) {
      const chunk = this.chunks[c]!;
      const offset = c === lo ? from - this.starts[c]! : 0;
      const take = Math.min(chunk.length - offset, out.length - filled);
      out.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
    }
    return out;
  }
}
