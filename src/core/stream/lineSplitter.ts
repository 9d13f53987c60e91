/**
 * Splits text that arrives in pieces into lines, as the HTML Living Standard's event-stream
 * grammar reads them: a line ends at CR LF, at a lone LF or at a lone CR. A CR at the very
 * end of a piece is held back until the next piece shows whether an LF follows, so a
 * CR LF split across two network reads ends one line, not two.
 */

/** One complete line: its text without the line end, and its 1-based number in the stream. */
export interface SplitLine {
  text: string;
  number: number;
}

export class LineSplitter {
  private rest = '';
  /** The previous piece ended with a CR, whose line has been given out already. */
  private afterCr = false;
  private count = 0;

  /** Adds `text` and returns every line it completes. */
  push(text: string): SplitLine[] {
    if (typeof text !== 'string') throw new TypeError(`LineSplitter.push expects a string, got ${typeof text}`);
    const lines: SplitLine[] = [];
    let start = 0;
    if (this.afterCr && text.startsWith('\n')) start = 1;
    if (text.length) this.afterCr = false;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      lines.push({ text: this.rest + text.slice(start, i), number: ++this.count });
      this.rest = '';
      if (c === 13) {
        if (i + 1 === text.length) this.afterCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.rest += text.slice(start);
    return lines;
  }

  /** Text after the last line end: a line the stream has not finished (empty when none). */
  get unfinished(): string {
    return this.rest;
  }

  /** How many complete lines have been given out. */
  get lineCount(): number {
    return this.count;
  }
}
