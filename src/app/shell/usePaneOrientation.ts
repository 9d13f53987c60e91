/**
 * Side by side or stacked: the person's choice, or by the width the panes have ("auto"):
 * below STACK_BELOW pixels the response goes under the request, so the request line
 * keeps a readable width.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { useWorkbench } from '../base/state/StoreProvider';

export const STACK_BELOW = 1100;

export function usePaneOrientation(area: RefObject<HTMLElement | null>): 'horizontal' | 'vertical' {
  const layout = useWorkbench((s) => s.layout);
  const sidebar = useWorkbench((s) => (s.sidebarCollapsed ? 0 : s.sidebarWidth + 5));
  // The first guess is the panes' width as the layout will make it (the window less the sidebar and its
  // resizer), so the first measurement agrees and the panes are not rebuilt (and the URL field with them) at start.
  const [width, setWidth] = useState<number>(() => (typeof window === 'undefined' ? 1280 : window.innerWidth - sidebar));
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    // Measured when the observer reports (once the frame's layout is done, its first report right
    // away), never in the commit: reading the layout there laid out the whole first screen inside
    // the commit's task (50–75 ms of it).
    const measure = () => setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [area]);
  if (layout === 'side') return 'horizontal';
  if (layout === 'stacked') return 'vertical';
  return width < STACK_BELOW ? 'vertical' : 'horizontal';
}
