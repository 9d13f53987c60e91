/** The separator between the sidebar and the panes: drag, or arrow keys (Home/End for the limits). */
import type { KeyboardEvent, PointerEvent } from 'react';
import { useWorkbench } from '../base/state/StoreProvider';
import { SIDEBAR_MAX, SIDEBAR_MIN } from './store/uiSlice';

const clamp = (v: number) => Math.round(Math.min(SIDEBAR_MAX, Math.max(SIDEBAR_MIN, v)));

export function SidebarResizer() {
  const width = useWorkbench((s) => s.sidebarWidth);
  const setUi = useWorkbench((s) => s.setUi);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const left = target.parentElement?.getBoundingClientRect().left ?? 0;
    const move = (e: globalThis.PointerEvent) => setUi({ sidebarWidth: clamp(e.clientX - left) });
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = event.key === 'ArrowLeft' ? width - 16 : event.key === 'ArrowRight' ? width + 16 : event.key === 'Home' ? SIDEBAR_MIN : event.key === 'End' ? SIDEBAR_MAX : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setUi({ sidebarWidth: clamp(next) });
  };
  return (
    <div
      className="sidebar-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the sidebar"
      aria-controls="sidebar"
      aria-valuemin={SIDEBAR_MIN}
      aria-valuemax={SIDEBAR_MAX}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
