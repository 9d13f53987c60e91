/**
 * Bytes as hex and ASCII, 16 to a row, for binary bodies of any size: rows are read from
 * the page's own chunks only when they scroll into view.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatCount, formatSize } from '../../../base/components/units';
import { ChunkBytes } from './chunkBytes';
import { VirtualRows } from '../../../base/components/VirtualRows';

/** Rows hold 16 bytes when the pane is wide enough for them, else 8. */
const WIDE_PX = 600;

function hexRow(bytes: Uint8Array, width: number): { hex: string; ascii: string } {
  let hex = '';
  let ascii = '';
  for (let i = 0; i < width; i++) {
    if (i === 8) hex += ' ';
    if (i < bytes.length) {
      const b = bytes[i]!;
      hex += `${b.toString(16).padStart(2, '0')} `;
      ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    } else hex += '   ';
  }
  return { hex, ascii };
}

export interface HexViewProps {
  chunks: readonly Uint8Array[];
  /** Bytes received so far; changes re-render the row count. */
  received: number;
}

export function HexView({ chunks, received }: HexViewProps) {
  const bytes = useMemo(() => new ChunkBytes(chunks), [chunks]);
  const host = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(16);
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth >= WIDE_PX ? 16 : 8);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(received / width);
  const renderRow = useCallback(
    (i: number) => {
      const { hex, ascii } = hexRow(bytes.read(i * width, (i + 1) * width), width);
      return (
        <>
          <span className="hex-offset">{(i * width).toString(16).padStart(8, '0')}</span>
          <span className="hex-bytes">{hex}</span>
          <span className="hex-ascii">{ascii}</span>
        </>
      );
    },
    [bytes, width],
  );
  return (
    <div className="hex-view" data-testid="response-body" ref={host}>
      <p className="muted body-caption">
        {formatSize(received)} ({formatCount(received)} bytes), {formatCount(rows)} rows of {width}
      </p>
      <VirtualRows count={rows} renderRow={renderRow} label="Response body as hex" version={`${received}:${width}`} />
    </div>
  );
}
