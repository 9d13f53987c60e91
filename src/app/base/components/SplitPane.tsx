import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

export interface SplitPaneProps {
  /** The first pane: left when side by side, top when stacked. */
  left: ReactNode;
  /** The second pane: right when side by side, bottom when stacked. */
  right: ReactNode;
  /** Initial share of the first pane, 0..1. */
  initial?: number;
  label: string;
  /** `horizontal`: side by side; `vertical`: stacked. */
  orientation?: 'horizontal' | 'vertical';
}

const MIN = 0.2;
const MAX = 0.8;

/** Two panes side by side or stacked, with a separator that drags with the pointer or moves with arrow keys. */
export function SplitPane({ left, right, initial = 0.5, label, orientation = 'horizontal' }: SplitPaneProps) {
  const [share, setShare] = useState(initial);
  const container = useRef<HTMLDivElement>(null);
  const clamp = (v: number) => Math.min(MAX, Math.max(MIN, v));
  const vertical = orientation === 'vertical';

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      const target = event.currentTarget;
      target.setPointerCapture(event.pointerId);
      const move = (e: globalThis.PointerEvent) => {
        const box = container.current?.getBoundingClientRect();
        if (box) setShare(clamp(vertical ? (e.clientY - box.top) / box.height : (e.clientX - box.left) / box.width));
      };
      const up = () => {
        target.removeEventListener('pointermove', move);
        target.removeEventListener('pointerup', up);
      };
      target.addEventListener('pointermove', move);
      target.addEventListener('pointerup', up);
    },
    [vertical],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const less = vertical ? 'ArrowUp' : 'ArrowLeft';
    const more = vertical ? 'ArrowDown' : 'ArrowRight';
    if (event.key === less) setShare((s) => clamp(s - 0.05));
    else if (event.key === more) setShare((s) => clamp(s + 0.05));
    else return;
    event.preventDefault();
  };

  const tracks = `${share}fr 6px ${1 - share}fr`;
  return (
    <div className={`split split-${orientation}`} ref={container} style={vertical ? { gridTemplateRows: tracks } : { gridTemplateColumns: tracks }}>
      <div className="split-pane">{left}</div>
      <div
        className="split-handle"
        role="separator"
        aria-orientation={vertical ? 'horizontal' : 'vertical'}
        aria-label={label}
        aria-valuemin={MIN * 100}
        aria-valuemax={MAX * 100}
        aria-valuenow={Math.round(share * 100)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
      <div className="split-pane">{right}</div>
    </div>
  );
}
