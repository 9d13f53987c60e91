/**
 * Search in the shown body: type to search (after a short pause), Enter for the next
 * match, Shift+Enter for the previous. Works the same on every view — the editor, the
 * line viewer (where the worker searches) and plain text.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatCount } from '../../../base/components/units';
import type { SearchOutcome, SearchTarget } from './searchTarget';

export interface SearchBarProps {
  target: SearchTarget | null;
  /** Changes when the document grows or completes, so a partial search runs again. */
  revision: unknown;
}

export function SearchBar({ target, revision }: SearchBarProps) {
  const [query, setQuery] = useState('');
  const [outcome, setOutcome] = useState<SearchOutcome | undefined>();
  const [index, setIndex] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const latest = useRef(0);

  useEffect(() => {
    if (!target) return;
    const run = ++latest.current;
    const timer = setTimeout(() => {
      target.search(query).then(
        (result) => {
          if (run !== latest.current) return;
          setOutcome(query ? result : undefined);
          setError(undefined);
          setIndex(0);
          if (result.count > 0) target.show(0);
        },
        (e: Error) => run === latest.current && setError(e.message),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [query, target, revision]);

  const go = (step: number) => {
    if (!target || !outcome || outcome.count === 0) return;
    const next = (index + step + outcome.count) % outcome.count;
    setIndex(next);
    target.show(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    go(event.shiftKey ? -1 : 1);
  };
  const summary = error
    ? error
    : !outcome
      ? ''
      : outcome.count === 0
        ? `No matches${outcome.partial ? ' so far' : ''}`
        : `${formatCount(index + 1)} of ${formatCount(outcome.count)}${outcome.truncated ? '+' : ''}${outcome.partial ? ' so far' : ''}`;
  return (
    <div className="search-bar" role="search">
      <input
        type="search"
        aria-label="Search body"
        placeholder="Search body"
        value={query}
        disabled={!target}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="button" aria-label="Previous match" onClick={() => go(-1)} disabled={!outcome?.count}>
        ↑
      </button>
      <button type="button" aria-label="Next match" onClick={() => go(1)} disabled={!outcome?.count}>
        ↓
      </button>
      <span className="search-count" role="status" data-testid="search-count">
        {summary}
      </span>
    </div>
  );
}
