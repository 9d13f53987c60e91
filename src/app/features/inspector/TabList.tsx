/**
 * Tabs as WAI-ARIA describes them: a tablist whose arrow keys move between tabs (Home and
 * End to the ends), one tab in the focus order, each tab controlling its panel.
 */
import type { KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Extra text after the label, e.g. a count. */
  badge?: string;
  /** Words read before the label but not shown, e.g. "Response " so "Body" is not taken for the request's. */
  hiddenPrefix?: string;
}

export interface TabListProps<T extends string> {
  /** Prefix of the tab and panel element ids. */
  idPrefix: string;
  label: string;
  items: readonly TabItem<T>[];
  active: T;
  onChange(id: T): void;
  className?: string;
}

/** The id of the tab element, for a panel's aria-labelledby. */
export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
/** The id of the panel element, for a tab's aria-controls. */
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

export function TabList<T extends string>({ idPrefix, label, items, active, onChange, className }: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.id === active);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const item = items[next]!;
    onChange(item.id);
    document.getElementById(tabId(idPrefix, item.id))?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`tabs ${className ?? ''}`} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.id}
          id={tabId(idPrefix, item.id)}
          type="button"
          role="tab"
          aria-selected={item.id === active}
          aria-controls={panelId(idPrefix, item.id)}
          tabIndex={item.id === active ? 0 : -1}
          onClick={() => onChange(item.id)}
        >
          {item.hiddenPrefix ? <span className="visually-hidden">{item.hiddenPrefix}</span> : null}
          {item.label}
          {item.badge ? <span className="tab-badge"> {item.badge}</span> : null}
        </button>
      ))}
    </div>
  );
}
