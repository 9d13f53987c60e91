/**
 * A list of fixed-height rows of which only the visible ones exist in the DOM, for bodies
 * of millions of lines. Browsers cap element heights near 33 million pixels, so past
 * `MAX_SCROLL_PX` the scrollbar maps proportionally onto the rows instead of one pixel to
 * one pixel. Keyboard scrolling is the browser's own: the list is a focusable scroller.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Row height in pixels; the stylesheet gives rows the same line height. */
export const ROW_PX = 18;
const MAX_SCROLL_PX = 8_000_000;
const OVERSCAN = 10;

export interface VirtualRowsProps {
  count: number;
  /** Renders row `index`; called only for rows in or near the viewport. */
  renderRow(index: number): ReactNode;
  /** Told which rows are about to be shown, so their data can be fetched. */
  onRange?(from: number, to: number): void;
  /** Scroll so this row is visible; `nonce` makes repeated requests for one row count. */
  scrollTo?: { row: number; nonce: number };
  label: string;
  className?: string;
  testId?: string;
  /** Changes when row contents change without the count changing (e.g. a page arrived). */
  version?: unknown;
}

export function VirtualRows({ count, renderRow, onRange, scrollTo, label, className, testId, version }: VirtualRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 400 });
  const totalPx = count * ROW_PX;
  const scrollPx = Math.min(totalPx, MAX_SCROLL_PX);
  // Logical pixels per scroll pixel: 1 until the list outgrows the browser's limit.
  const scale = scrollPx > viewport.height && totalPx > MAX_SCROLL_PX ? (totalPx - viewport.height) / (scrollPx - viewport.height) : 1;
  const logicalTop = viewport.top * scale;
  const first = Math.max(0, Math.floor(logicalTop / ROW_PX) - OVERSCAN);
  const last = Math.min(count, Math.ceil((logicalTop + viewport.height) / ROW_PX) + OVERSCAN);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setViewport((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
  }, []);

  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => {
    onRange?.(first, last);
  }, [first, last, onRange, version]);

  useEffect(() => {
    const el = scroller.current;
    if (!el || !scrollTo) return;
    const rowTop = scrollTo.row * ROW_PX;
    if (rowTop >= logicalTop && rowTop + ROW_PX <= logicalTop + viewport.height) return;
    el.scrollTop = Math.max(0, (rowTop - viewport.height / 3) / scale);
    measure();
    // Only a new request scrolls; the viewport changing must not scroll back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollTo?.nonce, scrollTo?.row]);

  const frame = useRef(0);
  const onScroll = () => {
    if (!frame.current) {
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        measure();
      });
    }
  };

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={i} className="vrow" style={{ top: i * ROW_PX - logicalTop + viewport.top }}>
        {renderRow(i)}
      </div>,
    );
  }
  return (
    <div
      ref={scroller}
      className={`vrows ${className ?? ''}`}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
      onScroll={onScroll}
    >
      <div className="vrows-sizer" style={{ height: scrollPx }}>
        {rows}
      </div>
    </div>
  );
}
