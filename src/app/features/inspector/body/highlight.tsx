/** Marks every case-insensitive occurrence of `query` in `text`. */
import type { ReactNode } from 'react';

export function highlight(text: string, query: string | undefined, className = 'match'): ReactNode {
  if (!query) return text;
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: ReactNode[] = [];
  let at = 0;
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + needle.length)) {
    if (i > at) parts.push(text.slice(at, i));
    parts.push(
      <mark key={i} className={className}>
        {text.slice(i, i + needle.length)}
      </mark>,
    );
    at = i + needle.length;
  }
  if (parts.length === 0) return text;
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
