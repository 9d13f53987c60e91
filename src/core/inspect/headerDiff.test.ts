import { describe, expect, it } from 'vitest';
import { diffHeaderFields } from './headerDiff';

const h = (...lines: string[]) => lines.map((l) => ({ name: l.slice(0, l.indexOf(':')), value: l.slice(l.indexOf(':') + 1).trim() }));

describe('diffHeaderFields', () => {
  it('reports added, removed, changed and same fields, grouping repeated names', () => {
    const changes = diffHeaderFields(
      h('Content-Type: application/json', 'Set-Cookie: a=1', 'X-Old: 1', 'Date: Mon'),
      h('content-type: application/json', 'Set-Cookie: a=1', 'Set-Cookie: b=2', 'Date: Tue', 'X-New: 2'),
    );
    expect(changes.map((c) => [c.name, c.change, c.volatile])).toEqual([
      ['content-type', 'same', false],
      ['Set-Cookie', 'changed', true],
      ['Date', 'changed', true],
      ['X-New', 'added', false],
      ['X-Old', 'removed', false],
    ]);
    expect(changes[1]!.after).toEqual(['a=1', 'b=2']);
  });
});
