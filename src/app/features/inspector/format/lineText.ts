/**
 * The text of display lines, re-read from the body's bytes when a page of them is shown:
 * JSON lines with their whitespace normalised to the `JSON.stringify(…, null, 2)` form,
 * markup lines trimmed, raw rows as they are. A line longer than `LINE_BYTES` shows its
 * start and says how much more there is, because a DOM row cannot hold a 10 MB string.
 */
import type { BlockBytes } from './blockBytes';
import type { LineTable } from './lineTable';
import { formatSize } from '../../../base/components/units';

export { formatSize };

/** Most bytes of one line that are turned into text for display. */
export const LINE_BYTES = 16 * 1024;

/** How a view's lines are normalised for display. */
export type LineStyle = 'json' | 'markup' | 'raw';

const decoder = new TextDecoder('utf-8');

/** Removes whitespace outside strings and writes `": "` after a property name. */
export function normalizeJsonLine(text: string): string {
  let out = '';
  let inString = false;
  let escape = false;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escape) escape = false;
      else if (c === 0x5c) escape = true;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      out += text.slice(runStart, i);
      runStart = i + 1;
    } else if (c === 0x3a) {
      out += `${text.slice(runStart, i)}: `;
      runStart = i + 1;
    }
  }
  return out + text.slice(runStart);
}

/** The byte range of line `i`: from its start to the next line's start (or `end`). */
export function lineRange(lines: LineTable, i: number, end: number): [number, number] {
  const from = lines.startOf(i);
  const to = i + 1 < lines.count ? lines.startOf(i + 1) : end;
  return [from, Math.max(from, to)];
}

/** The display text of line `i`, without indentation; `end` bounds the last line. */
export function lineText(bytes: BlockBytes, lines: LineTable, i: number, end: number, style: LineStyle): string {
  const [from, to] = lineRange(lines, i, end);
  const shown = Math.min(to, from + LINE_BYTES);
  let text = decoder.decode(bytes.slice(from, shown));
  if (style === 'raw') text = text.replace(/\r?\n$/, '');
  else if (style === 'json') text = normalizeJsonLine(text);
  else text = text.trim().replace(/[ \t]*\r?\n[ \t]*/g, ' \u21b5 ');
  if (shown < to) text += ` \u2026 (${formatSize(to - shown)} more on this line)`;
  return text;
}

