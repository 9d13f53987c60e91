/**
 * Ctrl/Cmd+K: a search over every action, saved request and lesson. Type to filter (fuzzy),
 * arrows move, Enter runs, Esc closes and gives focus back where it was. A combobox over a
 * listbox, so screen readers follow the active option.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MethodBadge } from '../base/components/MethodBadge';
import { useWorkbench, useWorkbenchApi } from '../base/state/StoreProvider';
import { fuzzyFilter } from './fuzzyMatch';
import { paletteCommands, type PaletteCommand, type ShellActions } from './paletteCommands';

const SHOWN = 60;
const KIND_WORDS = { action: 'Action', request: 'Saved request', lesson: 'Lesson' } as const;

function Highlighted({ text, positions }: { text: string; positions: number[] }) {
  if (!positions.length) return <>{text}</>;
  const marked = new Set(positions);
  return (
    <>
      {[...text].map((ch, i) => (marked.has(i) ? <mark key={i}>{ch}</mark> : <span key={i}>{ch}</span>))}
    </>
  );
}

/** `open` mirrors the store's `paletteOpen`; the lazy loader waits for it before fetching this code. */
export function CommandPalette({ shell }: { shell: ShellActions; open: boolean }) {
  const open = useWorkbench((s) => s.paletteOpen);
  const setUi = useWorkbench((s) => s.setUi);
  const store = useWorkbenchApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  // Built when the palette opens: collections, tabs and the theme are read as they are then.
  const commands = useMemo(() => (open ? paletteCommands(store, shell) : []), [open, store, shell]);
  const results = useMemo(() => fuzzyFilter(commands, query, (c) => `${c.label} ${c.detail ?? ''}`).slice(0, SHOWN), [commands, query]);

  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      setQuery('');
      setActive(0);
      element.showModal();
      input.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    dialog.current?.querySelector(`#palette-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setUi({ paletteOpen: false });
    returnFocus.current?.focus?.();
  };
  const run = (command: PaletteCommand) => {
    setUi({ paletteOpen: false });
    returnFocus.current?.focus?.();
    command.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length) setActive((a) => (a + (event.key === 'ArrowDown' ? 1 : -1) + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) run(chosen.item);
    }
  };

  return (
    <dialog ref={dialog} className="palette" aria-label="Command palette" onCancel={(e) => (e.preventDefault(), close())} onClose={() => open && setUi({ paletteOpen: false })}>
      {open ? (
        <>
          <input
            ref={input}
            className="palette-input"
            role="combobox"
            aria-label="Search actions, saved requests and lessons"
            aria-expanded="true"
            aria-controls="palette-list"
            aria-activedescendant={results.length ? `palette-option-${active}` : undefined}
            aria-autocomplete="list"
            placeholder="Type an action, a saved request or a lesson…"
            value={query}
            spellCheck={false}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <ul id="palette-list" role="listbox" aria-label="Matches" className="palette-list">
            {results.map(({ item, hit }, i) => (
              <li
                key={item.id}
                id={`palette-option-${i}`}
                role="option"
                aria-selected={i === active}
                className={`palette-option${i === active ? ' palette-option-active' : ''}`}
                onPointerMove={() => setActive(i)}
                onClick={() => run(item)}
              >
                {item.method ? <MethodBadge method={item.method} /> : null}
                <span className="palette-label">
                  <Highlighted text={item.label} positions={hit.positions.filter((p) => p < item.label.length)} />
                </span>
                {item.detail ? <span className="palette-detail">{item.detail}</span> : null}
                <span className="palette-kind">{item.shortcut ?? KIND_WORDS[item.kind]}</span>
              </li>
            ))}
          </ul>
          {!results.length ? (
            <p className="muted palette-empty" role="status">
              Nothing matches “{query}”.
            </p>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}
