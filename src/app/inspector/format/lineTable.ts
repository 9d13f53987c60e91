/**
 * Where each display line of a body starts, and how deep it is indented: two typed
 * arrays that grow by doubling. Ten bytes a line, so a 100 MB body of 4 million lines
 * costs 40 MB here, and the text of a line is re-read from the body only when shown.
 */
export class LineTable {
  private starts = new Float64Array(1024);
  private depths = new Uint16Array(1024);
  private size = 0;
  /** Every 1024th line's count of lines that start a source line (see `sourceLineOf`). */
  private readonly checkpoints: number[] = [0];
  private sourceLines = 0;

  /** Number of lines. */
  get count(): number {
    return this.size;
  }

  /** Adds a line starting at byte `start` with indentation `depth` (clamped to 65535). */
  push(start: number, depth: number): void {
    if (this.size === this.starts.length) {
      const starts = new Float64Array(this.size * 2);
      starts.set(this.starts);
      this.starts = starts;
      const depths = new Uint16Array(this.size * 2);
      depths.set(this.depths);
      this.depths = depths;
    }
    if (this.size > 0 && this.size % 1024 === 0) this.checkpoints.push(this.sourceLines);
    this.starts[this.size] = start;
    this.depths[this.size] = Math.min(depth, 65535);
    if (depth === 0) this.sourceLines++;
    this.size++;
  }

  /** Byte offset where line `i` starts. */
  startOf(i: number): number {
    return this.starts[i]!;
  }

  /** Indentation depth of line `i`. */
  depthOf(i: number): number {
    return this.depths[i]!;
  }

  /** The line containing byte `offset`: the last line starting at or before it (0 when before all). */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.size - 1;
    if (hi < 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * For raw rows, where depth 0 starts a source line and 1 continues a wrapped one: the
   * 1-based source line number of row `i`.
   */
  sourceLineOf(i: number): number {
    const block = i >> 10;
    let n = this.checkpoints[block] ?? 0;
    for (let r = block << 10; r <= i; r++) if (this.depths[r] === 0) n++;
    return n;
  }
}
