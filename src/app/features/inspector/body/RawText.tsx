/** A small body as one block of text, with search matches marked and the current one scrolled to. */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SEARCH_LIMIT, type SearchTarget } from './searchTarget';

export interface RawTextProps {
  text: string;
  label: string;
  testId?: string;
  onSearchTarget?(target: SearchTarget | null): void;
}

export function RawText({ text, label, testId, onSearchTarget }: RawTextProps) {
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(-1);
  const host = useRef<HTMLPreElement>(null);

  useEffect(() => {
    onSearchTarget?.({
      search: async (q) => {
        setQuery(q);
        setCurrent(-1);
        if (!q) return { count: 0, truncated: false, partial: false };
        const lower = text.toLowerCase();
        const needle = q.toLowerCase();
        let count = 0;
        for (let i = lower.indexOf(needle); i >= 0 && count <= SEARCH_LIMIT; i = lower.indexOf(needle, i + needle.length)) count++;
        return { count: Math.min(count, SEARCH_LIMIT), truncated: count > SEARCH_LIMIT, partial: false };
      },
      show: (index) => setCurrent(index),
    });
    return () => onSearchTarget?.(null);
  }, [text, onSearchTarget]);

  const content = useMemo(() => {
    if (!query) return text;
    const lower = text.toLowerCase();
    const needle = query.toLowerCase();
    const parts: ReactNode[] = [];
    let at = 0;
    let n = 0;
    for (let i = lower.indexOf(needle); i >= 0 && n < SEARCH_LIMIT; i = lower.indexOf(needle, i + needle.length), n++) {
      parts.push(text.slice(at, i));
      parts.push(
        <mark key={i} className={n === current ? 'match match-current' : 'match'} data-match={n}>
          {text.slice(i, i + needle.length)}
        </mark>,
      );
      at = i + needle.length;
    }
    parts.push(text.slice(at));
    return parts;
  }, [text, query, current]);

  useEffect(() => {
    host.current?.querySelector('.match-current')?.scrollIntoView({ block: 'center' });
  }, [current]);

  return (
    <pre ref={host} className="raw-text" tabIndex={0} aria-label={label} data-testid={testId} data-formatted="complete">
      {content}
    </pre>
  );
}
