/**
 * The layers of `src/app` (issue 31, described in `src/app/README.md`) and the three rules the
 * layering check (`src/layers.test.ts`) holds its imports to. Paths are relative to `src/`.
 *
 * Layers, bottom to top: `app/base/*` < `app/features/*` (in `FEATURE_ORDER`) < `app/shell`
 * (with its subfolders) < the top (the files of `src/app` itself: `App.tsx`, `main.tsx`, `root.tsx`, `vendor.ts`, `bootField.ts`).
 */
import { cycles } from './importGraph';

/** The features, bottom to top: a feature imports base and the features before it, never one after it. */
export const FEATURE_ORDER = [
  'tls',
  'vault',
  'environments',
  'cookies',
  'scripting',
  'checks',
  'soap',
  'workspace',
  'runner',
  'composer',
  'send',
  'websocket',
  'grpc',
  'mcp',
  'graphql',
  'lessons',
  'inspector',
] as const;

/** The one file every slice may name the store's state from, type-only, whatever its layer. */
export const STATE_LEAF = 'app/shell/store/workbenchState.ts';

export interface LayerEdge {
  /** Importing file, relative to `src/`: `app/features/soap/SoapPanel.tsx`. */
  from: string;
  to: string;
  typeOnly: boolean;
}

/** The folder a file of `src/app` belongs to: `app/base/relay`, `app/features/soap`, `app/shell`, `app/(top)`. */
export function appFolder(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'app') return parts[0]!;
  if (parts[1] === 'base' || parts[1] === 'features') return parts.length > 3 ? `app/${parts[1]}/${parts[2]}` : `app/${parts[1]}`;
  if (parts[1] === 'shell') return 'app/shell';
  return 'app/(top)';
}

/** A folder's height: base 0, the features 1… in `FEATURE_ORDER`, the shell, then the top; undefined for a feature not in the order. */
export function layerRank(folder: string): number | undefined {
  if (folder === 'app/base' || folder.startsWith('app/base/')) return 0;
  if (folder.startsWith('app/features/')) {
    const index = (FEATURE_ORDER as readonly string[]).indexOf(folder.slice('app/features/'.length));
    return index < 0 ? undefined : 1 + index;
  }
  if (folder === 'app/features') return 0.5;
  if (folder === 'app/shell') return 1 + FEATURE_ORDER.length;
  if (folder === 'app/(top)') return 2 + FEATURE_ORDER.length;
  return undefined;
}

/** The edges the rules look at: imports inside `src/app`, less the type-only imports of the state leaf. */
export function ruledEdges(edges: readonly LayerEdge[]): LayerEdge[] {
  return edges.filter((e) => e.from.startsWith('app/') && e.to.startsWith('app/') && !(e.typeOnly && e.to === STATE_LEAF));
}

const arrow = (e: LayerEdge) => `${e.from} → ${e.to}${e.typeOnly ? ' (type-only)' : ''}`;

/** Features missing from `FEATURE_ORDER` (a new feature must be given its place). */
export function unplacedFolders(edges: readonly LayerEdge[]): string[] {
  const folders = new Set(ruledEdges(edges).flatMap((e) => [appFolder(e.from), appFolder(e.to)]));
  return [...folders].filter((f) => layerRank(f) === undefined).sort();
}

/** Rule (a): imports from a lower layer to a higher one (a feature to a later feature included), as `from → to`. */
export function upwardImports(edges: readonly LayerEdge[]): string[] {
  return ruledEdges(edges)
    .filter((e) => {
      const from = layerRank(appFolder(e.from));
      const to = layerRank(appFolder(e.to));
      return from !== undefined && to !== undefined && to > from;
    })
    .map(arrow)
    .sort();
}

/** The arrows of each circle of `key`s (folders or files), one string per circle listing its arrows. */
function circles(edges: readonly LayerEdge[], key: (file: string) => string): string[] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = key(e.from);
    const b = key(e.to);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  return cycles(graph.keys(), (n) => graph.get(n) ?? []).map((members) => {
    const inside = new Set(members);
    const arrows = edges.filter((e) => key(e.from) !== key(e.to) && inside.has(key(e.from)) && inside.has(key(e.to)));
    return `${members.join(', ')}:\n  ${[...new Set(arrows.map(arrow))].sort().join('\n  ')}`;
  });
}

/** Rule (b): circles between folders of `src/app` (any two folders, in any layer). */
export function folderCircles(edges: readonly LayerEdge[]): string[] {
  return circles(ruledEdges(edges), appFolder);
}

/** Rule (c): circles of files in `src/app` (dynamic imports included). */
export function fileCircles(edges: readonly LayerEdge[]): string[] {
  return circles(ruledEdges(edges), (f) => f);
}
