/**
 * Positions in XML source text: line and column for offsets (errors and warnings point
 * into the document), and tag boundaries for splicing text into a parsed document
 */
import type { TextPosition } from '../types';

/** Converts a 1-based line and column (as fast-xml-parser's validator reports them) to a full position with offset. */
export function positionFromLineColumn(text: string, line: number, column: number): TextPosition {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const maxColumn = (lineEnd < 0 ? text.length : lineEnd) - offset + 1;
  const clamped = Math.max(1, Math.min(column, maxColumn));
  return { offset: offset + clamped - 1, line, column: clamped };
}

/**
 * Finds line and column for offsets in one text. Warnings about a large document may ask
 * many times, so line starts are indexed once and searched, not rescanned per question.
 */
export function lineLocator(text: string): (offset: number) => TextPosition {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    const clamped = Math.max(0, Math.min(offset, text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= clamped) low = middle;
      else high = middle - 1;
    }
    return { offset: clamped, line: low + 1, column: clamped - (starts[low] as number) + 1 };
  };
}

/** Line and column of one offset (for a single question; use {@link lineLocator} for many). */
export function positionOf(text: string, offset: number): TextPosition {
  return lineLocator(text)(offset);
}

/**
 * The offset just past the `>` that ends the start tag beginning at `start` (quotes in
 * attribute values respected). For splicing text into a parsed document in place.
 */
export function startTagEnd(text: string, start: number): number {
  let quote = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return text.length;
}

/** True when the start tag ending just before `tagEnd` closes itself (`<a/>`). */
export function isSelfClosing(text: string, tagEnd: number): boolean {
  return text.charCodeAt(tagEnd - 2) === 47;
}
