/**
 * The import structure the maintainers rely on (issue 31), checked on the sources'
 * imports (type-only ones included: a type import still ties two files in a reader's head):
 * - no circle of files in `src/core`: a registry imports its parts, the parts import only
 *   shared types (the auth schemes and `authTypes.ts`, the cookie jar and `storedCookie.ts`,
 *   the draft helpers and `draftTypes.ts`, the XML scanner and `xmlNodes.ts`…).
 * - `src/app` in layers (`src/app/README.md`, `testing/appLayers.ts`): base < features (in
 *   `FEATURE_ORDER`) < shell < top; (a) no import from a lower layer to a higher one, (b) no
 *   circle between app folders, (c) no circle of files in `src/app`. The one exception: a
 *   type-only import of the store's state type (`shell/store/workbenchState.ts`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileCircles, folderCircles, STATE_LEAF, unplacedFolders, upwardImports, type LayerEdge } from './testing/appLayers';
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

describe('src/app layers', () => {
  const appEdges: LayerEdge[] = importEdges(path.join(src, 'app')).map((e) => ({ from: rel(e.from), to: rel(e.to), typeOnly: e.typeOnly }));

  it('reads the app (the check looks at real imports)', () => {
    expect(appEdges.filter((e) => e.to.startsWith('app/')).length).toBeGreaterThan(500);
    expect(appEdges.some((e) => e.to === STATE_LEAF && e.typeOnly)).toBe(true);
  });

  it('every feature has its place in FEATURE_ORDER', () => {
    expect(unplacedFolders(appEdges)).toEqual([]);
  });

  it('(a) no import from a lower app layer to a higher one', () => {
    expect(upwardImports(appEdges).join('\n')).toBe('');
  });

  it('(b) no circle between app folders', () => {
    expect(folderCircles(appEdges).join('\n')).toBe('');
  });

  it('(c) no circle of files in src/app', () => {
    expect(fileCircles(appEdges).join('\n')).toBe('');
  });
});

describe('the app layer rules can fail', () => {
  const edge = (from: string, to: string, typeOnly = false): LayerEdge => ({ from: `app/${from}`, to: `app/${to}`, typeOnly });

  it('(a) finds an import that points up, type-only ones included, and lets the state leaf through only type-only', () => {
    const edges = [
      edge('features/composer/Composer.tsx', 'base/components/SplitPane.tsx'),
      edge('base/relay/networkOptions.ts', 'features/tls/TlsForm.tsx'),
      edge('features/tls/tlsView.ts', 'features/inspector/units.ts', true),
      edge('features/soap/soapSlice.ts', 'shell/store/workbenchState.ts', true),
      edge('features/soap/soapSend.ts', 'shell/store/workbenchState.ts'),
      edge('features/soap/soapSend.ts', 'shell/store/workbenchStore.ts', true),
      edge('shell/Sidebar.tsx', 'App.tsx'),
      edge('App.tsx', 'shell/Sidebar.tsx'),
    ];
    expect(upwardImports(edges)).toEqual([
      'app/base/relay/networkOptions.ts → app/features/tls/TlsForm.tsx',
      'app/features/soap/soapSend.ts → app/shell/store/workbenchState.ts',
      'app/features/soap/soapSend.ts → app/shell/store/workbenchStore.ts (type-only)',
      'app/features/tls/tlsView.ts → app/features/inspector/units.ts (type-only)',
      'app/shell/Sidebar.tsx → app/App.tsx',
    ]);
  });

  it('(a) names a feature that has no place in the order', () => {
    expect(unplacedFolders([edge('features/brandnew/x.ts', 'base/components/y.tsx')])).toEqual(['app/features/brandnew']);
  });

  it('(b) finds a circle between folders of one layer and lists its arrows', () => {
    const edges = [
      edge('base/relay/a.ts', 'base/secrets/b.ts'),
      edge('base/secrets/c.ts', 'base/relay/d.ts'),
      edge('base/secrets/c.ts', 'base/state/e.ts'),
    ];
    expect(folderCircles(edges)).toEqual(['app/base/relay, app/base/secrets:\n  app/base/relay/a.ts → app/base/secrets/b.ts\n  app/base/secrets/c.ts → app/base/relay/d.ts']);
  });

  it('(c) finds a circle of files, a type-only or dynamic import closing it too, but not through the state leaf', () => {
    const edges = [
      edge('features/vault/VaultGrantPanel.tsx', 'features/vault/VaultTokenView.tsx', true),
      edge('features/vault/VaultTokenView.tsx', 'features/vault/VaultGrantPanel.tsx'),
      edge('features/soap/soapSlice.ts', 'shell/store/workbenchState.ts', true),
      edge('shell/store/workbenchState.ts', 'features/soap/soapSlice.ts', true),
    ];
    expect(fileCircles(edges)).toEqual([
      'app/features/vault/VaultGrantPanel.tsx, app/features/vault/VaultTokenView.tsx:\n  app/features/vault/VaultGrantPanel.tsx → app/features/vault/VaultTokenView.tsx (type-only)\n  app/features/vault/VaultTokenView.tsx → app/features/vault/VaultGrantPanel.tsx',
    ]);
  });
});

