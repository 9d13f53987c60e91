/**
 * The Checks and Scripts sections and the inspector's Checks tab load on first use, each
 * its own chunk (CodeMirror's JavaScript grammar comes later still, with the first script).
 */
import { lazyPart } from '../../base/lazy/lazyPart';
import { PartLoading } from '../../base/lazy/PartLoading';

/** Composer: captures and assertions. */
export const ChecksPanel = lazyPart({
  name: 'The Checks section',
  load: () => import('./ChecksPanel'),
  pick: (m) => m.ChecksPanel,
  fallback: () => <PartLoading what="the checks" minHeight="8rem" />,
});

/** Composer: pre-request and post-response scripts. */
export const ScriptsPanel = lazyPart({
  name: 'The Scripts section',
  load: () => import('./ScriptsPanel'),
  pick: (m) => m.ScriptsPanel,
  fallback: () => <PartLoading what="the scripts" minHeight="8rem" />,
});

/** Inspector: the results of the checks of the last send. */
export const ChecksResults = lazyPart({
  name: 'The Checks results',
  load: () => import('./ChecksResults'),
  pick: (m) => m.ChecksResults,
  fallback: () => <PartLoading what="the check results" minHeight="6rem" />,
});
