/**
 * JSONPath (JSON bodies, evaluated in the worker by core) or XPath (XML and HTML bodies,
 * evaluated by the browser) — the result replaces the body in Pretty until cleared.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BodyKind } from '../../../../core';
import { formatClient } from '../formatClient';
import { formatCount, formatSize } from '../../../base/components/units';
import { evaluateXPath } from './xpathFilter';

/** XPath parses the body on the page; beyond this size that would freeze it. */
export const XPATH_LIMIT_BYTES = 4 * 1024 * 1024;

export interface FilterBarProps {
  kind: BodyKind;
  textBytes: number;
  /** A filter result is shown (`summary`), or none (undefined). */
  onFilter(summary: string | undefined, expression?: string): void;
  active: boolean;
  /** An expression applied earlier to this response (the person switched tabs and back): applied again once `ready`. */
  remembered?: string;
  /** The body has arrived whole, so a remembered filter can run over all of it. */
  ready?: boolean;
}

export function FilterBar({ kind, textBytes, onFilter, active, remembered, ready }: FilterBarProps) {
  const [expression, setExpression] = useState(remembered ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const language = kind === 'json' ? 'JSONPath' : 'XPath';
  const placeholder = kind === 'json' ? '$.items[?@.price < 10].name' : '//*[local-name()="Body"]/*';

  const apply = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!expression.trim()) return clear();
    setBusy(true);
    setError(undefined);
    try {
      if (kind === 'json') {
        const result = await formatClient().request({ type: 'jsonpath', query: expression });
        onFilter(`${formatCount(result.count)}${result.truncated ? '+' : ''} match${result.count === 1 ? '' : 'es'} for ${expression}`, expression);
      } else {
        if (textBytes > XPATH_LIMIT_BYTES) throw new Error(`XPath runs on bodies up to ${formatSize(XPATH_LIMIT_BYTES)}; this one is ${formatSize(textBytes)}.`);
        formatClient().open('body', 'raw');
        const text = await formatClient().request({ type: 'text', doc: 'body', view: 'raw', maxChars: XPATH_LIMIT_BYTES });
        const outcome = evaluateXPath(text, kind === 'html', expression);
        await formatClient().request({ type: 'setFilter', text: outcome.text, kind: outcome.markup ? 'xml' : 'text' });
        onFilter(`${formatCount(outcome.count)} result${outcome.count === 1 ? '' : 's'} for ${expression}`, expression);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  // A filter remembered for this response runs again once the body is whole (once per mount).
  const reapplied = useRef(false);
  useEffect(() => {
    if (!remembered || reapplied.current || !ready || active) return;
    reapplied.current = true;
    void apply();
    // Only readiness triggers it; `apply` reads the current expression.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, remembered]);

  const clear = () => {
    setError(undefined);
    formatClient().clearFilter();
    onFilter(undefined);
  };

  return (
    <form className="filter-bar" onSubmit={apply}>
      <label className="visually-hidden" htmlFor="body-filter">
        {language} filter
      </label>
      <input
        id="body-filter"
        value={expression}
        placeholder={`${language}: ${placeholder}`}
        spellCheck={false}
        onChange={(e) => setExpression(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'body-filter-error' : undefined}
      />
      <button type="submit" disabled={busy}>
        Filter
      </button>
      {active ? (
        <button type="button" onClick={clear}>
          Clear filter
        </button>
      ) : null}
      {error ? (
        <p id="body-filter-error" className="filter-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
