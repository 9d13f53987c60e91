/**
 * JSONPath (JSON bodies, evaluated in the worker by core) or XPath (XML and HTML bodies,
 * evaluated by the browser) — the result replaces the body in Pretty until cleared.
 */
import { useState, type FormEvent } from 'react';
import type { BodyKind } from '../../../core';
import { formatClient } from '../formatClient';
import { formatCount, formatSize } from '../units';
import { evaluateXPath } from './xpathFilter';

/** XPath parses the body on the page; beyond this size that would freeze it. */
export const XPATH_LIMIT_BYTES = 4 * 1024 * 1024;

export interface FilterBarProps {
  kind: BodyKind;
  textBytes: number;
  /** A filter result is shown (`summary`), or none (undefined). */
  onFilter(summary: string | undefined): void;
  active: boolean;
}

export function FilterBar({ kind, textBytes, onFilter, active }: FilterBarProps) {
  const [expression, setExpression] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const language = kind === 'json' ? 'JSONPath' : 'XPath';
  const placeholder = kind === 'json' ? '$.items[?@.price < 10].name' : '//*[local-name()="Body"]/*';

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!expression.trim()) return clear();
    setBusy(true);
    setError(undefined);
    try {
      if (kind === 'json') {
        const result = await formatClient().request({ type: 'jsonpath', query: expression });
        onFilter(`${formatCount(result.count)}${result.truncated ? '+' : ''} match${result.count === 1 ? '' : 'es'} for ${expression}`);
      } else {
        if (textBytes > XPATH_LIMIT_BYTES) throw new Error(`XPath runs on bodies up to ${formatSize(XPATH_LIMIT_BYTES)}; this one is ${formatSize(textBytes)}.`);
        formatClient().open('body', 'raw');
        const text = await formatClient().request({ type: 'text', doc: 'body', view: 'raw', maxChars: XPATH_LIMIT_BYTES });
        const outcome = evaluateXPath(text, kind === 'html', expression);
        await formatClient().request({ type: 'setFilter', text: outcome.text, kind: outcome.markup ? 'xml' : 'text' });
        onFilter(`${formatCount(outcome.count)} result${outcome.count === 1 ? '' : 's'} for ${expression}`);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

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
