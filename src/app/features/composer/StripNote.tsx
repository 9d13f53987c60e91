import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A notice folded into the composer's compact row: one line, cut with "…" when the row is
 * narrow, whole on hover or focus and in its tooltip (screen readers always get all of it).
 * Shows nothing when its notice has nothing to say.
 */
export function StripNote({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [title, setTitle] = useState<string>();
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const read = () => setTitle(element.textContent?.trim() || undefined);
    read();
    const observer = new MutationObserver(read);
    observer.observe(element, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="strip-note" title={title}>
      {children}
    </div>
  );
}
