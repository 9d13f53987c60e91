/**
 * Where each display line of a body starts, and how deep it is indented. Stored in pages
 * of 65,536 lines: a start is a 32-bit offset from its page's base, a depth 16 bits, so a
 * line costs six bytes and growing never copies (8 million lines of a 100 MB JSON body
 * take 50 MB). The text of a line is re-read from the body only when it is shown.
 */
const PAGE_BITS = 16;
const PAGE_LINES = 1 << PAGE_BITS;
const MAX_RELATIVE = 0xffffffff;

interface Page {
  base: number;
  starts: Uint32Array;
  depths: Uint16Array;
}

export class LineTable {
  private readonly pages: Page[] = [];
  private size = 0;
  /** Every 1024th line, the count of lines before it that start a source line (see `sourceLineOf`). */
  private readonly checkpoints: number[] = [];
  private sourceLines = 0;
  /** Line index where each page begins (pages may start early when offsets outgrow 32 bits). */
  private readonly firstLine: number[] = [];

  /** Number of lines. */
  get count(): number {
    return this.size;
  }

  /** Adds a line starting at byte `start` with indentation `depth` (clamped to 65535). */
  push(start: number, depth: number): void {
    let page = this.pages[this.pages.length - 1];
    const index = page ? this.size - this.firstLine[this.pages.length - 1]! : PAGE_LINES;
    if (!page || index >= PAGE_LINES || start - page.base > MAX_RELATIVE) {
      page = { base: start, starts: new Uint32Array(PAGE_LINES), depths: new Uint16Array(PAGE_LINES) };
      this.pages.push(page);
      this.firstLine.push(this.size);
    }
    if ((this.size & 1023) === 0) this.checkpoints.push(this.sourceLines);
    const at = this.size - this.firstLine[this.pages.length - 1]!;
    page.starts[at] = start - page.base;
    page.depths[at] = Math.min(depth, 65535);
    if (depth === 0) this.sourceLines++;
    this.size++;
  }

  /** The page holding line `i` and the line's index inside it. */
  private locate(i: number): [Page, number] {
    let p = i >> PAGE_BITS;
    // Pages are full except when offsets forced an early one; then search from the estimate down.
    if (p >= this.pages.length) p = this.pages.length - 1;
    while (p > 0 && this.firstLine[p]! > i) p--;
    while (p + 1 < this.pages.length && this.firstLine[p + 1]! <= i) p++;
    return [this.pages[p]!, i - this.firstLine[p]!];
  }

  /** Byte offset where line `i` starts. */
  startOf(i: number): number {
    const [page, at] = this.locate(i);
    return page.base + page.starts[at]!;
  }

  /** Indentation depth of line `i`. */
  depthOf(i: number): number {
    const [page, at] = this.locate(i);
    return page.depths[at]!;
  }

  /** The line containing byte `offset`: the last line starting at or before it (0 when before all). */
  lineAt(offset: number): number {
    if (this.size === 0) return 0;
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi + 1) / 2);
      if (this.startOf(mid) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * For raw rows, where depth 0 starts a source line and 1 continues a wrapped one: the
   * 1-based source line number of row `i`.
   */
  sourceLineOf(i: number): number {
    const block = Math.floor(i / 1024);
    let n = this.checkpoints[block] ?? 0;
    for (let r = block * 1024; r <= i; r++) if (this.depthOf(r) === 0) n++;
    return n;
  }
}
