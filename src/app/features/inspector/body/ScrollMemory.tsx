/**
 * Remembers how far the person scrolled a body view, per tab and view, and scrolls back
 * there when the view is shown again (after switching tabs, the body is formatted anew, so
 * the offset is applied as soon as the content is tall enough, or given up after a while).
 */
import { useEffect, type RefObject } from 'react';
import { activeView } from '../exchangeSlice';
import { useWorkbenchApi } from '../../../base/state/StoreProvider';

/** The element that scrolls in each body viewer: the editor's scroller, the line viewer, a raw block. */
const SCROLLERS = '.cm-scroller, .vrows, .raw-text, pre';
const GIVE_UP_MS = 3000;

function scrollerIn(container: HTMLElement): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (element.scrollHeight > element.clientHeight || getComputedStyle(element).overflowY !== 'visible') return element;
  }
  return null;
}

export function ScrollMemory({ container, viewKey }: { container: RefObject<HTMLElement | null>; viewKey: string }) {
  const store = useWorkbenchApi();
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const saved = activeView(store.getState()).scroll?.[viewKey] ?? 0;
    // The viewer that was scrolled back; a streaming stand-in may give way to the final one, which is scrolled again.
    let applied: HTMLElement | null = null;
    let settling = saved > 0;
    let frame = 0;

    const tryRestore = () => {
      const scroller = scrollerIn(host);
      if (!scroller || scroller === applied) return;
      if (scroller.scrollHeight - scroller.clientHeight < saved) return;
      applied = scroller;
      scroller.scrollTop = saved;
      // An editor may settle its own scroll position once it has measured its lines.
      requestAnimationFrame(() => {
        if (Math.abs(scroller.scrollTop - saved) > 2) scroller.scrollTop = saved;
      });
    };
    const observer = new MutationObserver(tryRestore);
    let stopWatching: ReturnType<typeof setTimeout> | undefined;
    if (saved > 0) {
      observer.observe(host, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
      // Watched only for a while: a streaming body changes rows constantly.
      stopWatching = setTimeout(() => {
        observer.disconnect();
        settling = false;
      }, GIVE_UP_MS);
      tryRestore();
    }

    const onScroll = (event: Event) => {
      const target = event.target as HTMLElement;
      if (!(target instanceof HTMLElement) || !target.matches(SCROLLERS)) return;
      // Until the saved offset is back, the viewer's own settling is not the person's scrolling.
      if (settling && target !== applied) return;
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const view = activeView(store.getState());
        if ((view.scroll?.[viewKey] ?? 0) === target.scrollTop) return;
        store.getState().setInspectorView({ scroll: { ...view.scroll, [viewKey]: target.scrollTop } });
      });
    };
    host.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      observer.disconnect();
      if (stopWatching) clearTimeout(stopWatching);
      host.removeEventListener('scroll', onScroll, { capture: true });
      if (frame) cancelAnimationFrame(frame);
    };
  }, [container, viewKey, store]);
  return null;
}
