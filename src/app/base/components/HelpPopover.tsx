/**
 * Spec and RFC text beside a control, one click away: a "?" button (named "About <topic>",
 * aria-expanded) that opens a small popover with the text. Enter or Space opens it, Esc
 * and a click outside close it, and Esc gives focus back to the button. The text stays in
 * the DOM while closed (hidden), so a field can keep pointing `aria-describedby` at it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTopLayer } from './useTopLayer';

export interface HelpPopoverProps {
  /** What the help is about, e.g. "Follow redirects": the button is labelled "About Follow redirects". */
  topic: string;
  /** The popover's id, for a field's `aria-describedby`; made up when absent. */
  id?: string;
  children: ReactNode;
}

export function HelpPopover({ topic, id, children }: HelpPopoverProps) {
  const [open, setOpen] = useState(false);
  const made = useId();
  const popoverId = id ?? `help-${made}`;
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLSpanElement>(null);
  // Shown above both panes and any dialog, placed inside the window.
  useTopLayer(popover, open, { element: button });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Esc closes this popover only; a dialog around it stays open.
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [open]);

  return (
    <span className="help" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="help-button"
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => setOpen((o) => !o)}
      >
        {/* Named by its content, not aria-label, so a label lookup for the field never finds this button too. */}
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">About {topic}</span>
      </button>
      <span ref={popover} id={popoverId} className="help-popover" role="note" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
