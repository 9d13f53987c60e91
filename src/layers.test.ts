/**
 * The import structure the maintainers rely on (issue 31), checked on the sources'
 * imports (type-only ones included: a type import still ties two files in a reader's head):
 * - no circle of files in `src/core`: a registry imports its parts, the parts import only
 *   shared types (the auth schemes and `authTypes.ts`, the cookie jar and `storedCookie.ts`,
 *   the draft helpers and `draftTypes.ts`, the XML scanner and `xmlNodes.ts`…).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importEdges } from './testing/importGraph';

const src = path.dirname(fileURLToPath(import.meta.url));
const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');

function graphOf(edges: readonly { from: string; to: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
}

describe('import structure', () => {
  it('src/core has no circle of files', () => {
    const edges = importEdges(path.join(src, 'core'))
      .map((e) => ({ from: rel(e.from), to: rel(e.to) }))
      .filter((e) => e.to.startsWith('core/'));
    const graph = graphOf(edges);
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph.keys(), (file) => graph.get(file) ?? []).map((c) => c.join(' → '))).toEqual([]);
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const graph = graphOf([
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
      { from: 'c', to: 'a' },
      { from: 'c', to: 'd' },
    ]);
    expect(cycles(graph.keys(), (n) => graph.get(n) ?? [])).toEqual([['a', 'b', 'c']]);
  });
});
