/**
 * Menus and popovers above everything: an open one is shown in the browser's top layer (the
 * Popover API, `popover="manual"`), so no pane's overflow clips it and no dialog covers it,
 * and it is placed by the window, not by its pane: below its anchor (or at a pointer), flipped
 * above when there is more room there, shifted sideways to stay inside the window, and given
 * a max-height so a long list scrolls inside itself. Placement follows resizes and scrolls.
 *
 * The element stays where it is in the DOM (focus order, `aria-controls`, clicks inside it
 * keep working); a browser without the Popover API gets the same placement with
 * `position: fixed` (the `.top-layer` class).
 */
import { useLayoutEffect, type RefObject } from 'react';

/** Where a floating element is anchored: an element's box, or a point (a right-click). */
export type TopLayerAnchor = { element: RefObject<HTMLElement | null> } | { x: number; y: number };

export interface TopLayerOptions {
  /** `start`: the left edges line up; `end`: the right edges. */
  align?: 'start' | 'end';
  /** Space between anchor and element, in pixels. */
  gap?: number;
}

/** The window margin nothing is placed in. */
const MARGIN = 8;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where an element of `width`×`height` goes for an anchor box in a `vw`×`vh` window: pure, tested. */
export function placeFloating(anchor: Box, width: number, height: number, vw: number, vh: number, align: 'start' | 'end', gap: number): { left: number; top: number; maxHeight: number } {
  const below = vh - MARGIN - (anchor.bottom + gap);
  const above = anchor.top - gap - MARGIN;
  const flip = height > below && above > below;
  const room = Math.max(0, flip ? above : below);
  const shown = Math.min(height, room);
  const top = flip ? anchor.top - gap - shown : anchor.bottom + gap;
  const wanted = align === 'end' ? anchor.right - width : anchor.left;
  const left = Math.max(MARGIN, Math.min(wanted, vw - MARGIN - width));
  return { left: Math.round(left), top: Math.round(Math.max(MARGIN, top)), maxHeight: Math.floor(room) };
}

function showInTopLayer(element: HTMLElement): void {
  element.classList.add('top-layer');
  if (typeof element.showPopover !== 'function') return;
  if (!element.hasAttribute('popover')) element.setAttribute('popover', 'manual');
  if (!element.matches(':popover-open')) element.showPopover();
}

function hideFromTopLayer(element: HTMLElement): void {
  if (typeof element.hidePopover === 'function' && element.matches(':popover-open')) element.hidePopover();
}

/**
 * Shows `floating` in the top layer while `open`, placed against `anchor`. The element must
 * be rendered (not `display: none` by other means) while open.
 */
export function useTopLayer(floating: RefObject<HTMLElement | null>, open: boolean, anchor: TopLayerAnchor, options: TopLayerOptions = {}): void {
  const { align = 'start', gap = 4 } = options;
  const anchorElement = 'element' in anchor ? anchor.element : undefined;
  const x = 'x' in anchor ? anchor.x : 0;
  const y = 'y' in anchor ? anchor.y : 0;
  useLayoutEffect(() => {
    const element = floating.current;
    if (!open || !element) return;
    showInTopLayer(element);
    const place = () => {
      const box: Box = anchorElement?.current?.getBoundingClientRect() ?? { left: x, right: x, top: y, bottom: y };
      // Measured at its natural height: a max-height from the last placement would hide how much room it wants.
      element.style.maxHeight = '';
      const { width, height } = element.getBoundingClientRect();
      const at = placeFloating(box, width, height, window.innerWidth, window.innerHeight, align, gap);
      element.style.left = `${at.left}px`;
      element.style.top = `${at.top}px`;
      element.style.maxHeight = `${at.maxHeight}px`;
    };
    place();
    // Content that changes size (a popover's text, a menu's items) is placed again.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => place());
    observer?.observe(element);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      hideFromTopLayer(element);
    };
  }, [floating, open, anchorElement, x, y, align, gap]);
}
