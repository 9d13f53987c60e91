/**
 * Bytes as hex and ASCII, 16 to a row, for binary bodies of any size: rows are read from
 * the page's own chunks only when they scroll into view.
 */
import { useCallback, useMemo } from 'react';
import { formatCount, formatSize } from '../units';
import { ChunkBytes } from './chunkBytes';
import { VirtualRows } from './VirtualRows';

const WIDTH = 16;

function hexRow(bytes: Uint8Array): { hex: string; ascii: string } {
  let hex = '';
  let ascii = '';
  for (let i = 0; i < WIDTH; i++) {
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
  const rows = Math.ceil(received / WIDTH);
  const renderRow = useCallback(
    (i: number) => {
      const { hex, ascii } = hexRow(bytes.read(i * WIDTH, (i + 1) * WIDTH));
      return (
        <>
          <span className="hex-offset">{(i * WIDTH).toString(16).padStart(8, '0')}</span>
          <span className="hex-bytes">{hex}</span>
          <span className="hex-ascii">{ascii}</span>
        </>
      );
    },
    [bytes],
  );
  return (
    <div className="hex-view" data-testid="response-body">
      <p className="muted body-caption">
        {formatSize(received)} ({formatCount(received)} bytes), {formatCount(rows)} rows of {WIDTH}
      </p>
      <VirtualRows count={rows} renderRow={renderRow} label="Response body as hex" version={received} />
    </div>
  );
}
