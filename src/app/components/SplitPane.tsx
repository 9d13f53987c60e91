import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

export interface SplitPaneProps {
  left: ReactNode;
  right: ReactNode;
  /** Initial share of the left pane, 0..1. */
  initial?: number;
  label: string;
}

const MIN = 0.2;
const MAX = 0.8;

/** Two panes side by side with a separator that drags with the pointer or moves with arrow keys. */
export function SplitPane({ left, right, initial = 0.5, label }: SplitPaneProps) {
  const [share, setShare] = useState(initial);
  const container = useRef<HTMLDivElement>(null);
  const clamp = (v: number) => Math.min(MAX, Math.max(MIN, v));

  const onPointerDown = useCallback((event: PointerEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => {
      const box = container.current?.getBoundingClientRect();
      if (box) setShare(clamp((e.clientX - box.left) / box.width));
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') setShare((s) => clamp(s - 0.05));
    else if (event.key === 'ArrowRight') setShare((s) => clamp(s + 0.05));
    else return;
    event.preventDefault();
  };

  return (
    <div className="split" ref={container} style={{ gridTemplateColumns: `${share}fr 6px ${1 - share}fr` }}>
      <div className="split-pane">{left}</div>
      <div
        className="split-handle"
        role="separator"
        aria-orientation="vertical"
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
