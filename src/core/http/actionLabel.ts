/**
 * The words on a finding's button, said once for the inspector and for the one-story check:
 * what a click does, so "Set up Digest auth" is never offered for a request that has Digest.
 */
import { authScheme } from '../auth/schemes';
import type { ExplainAction } from './finding';

/** The label of `action`'s button; undefined for an action shown as something else (a countdown). */
export function explainActionLabel(action: ExplainAction): string | undefined {
  switch (action.kind) {
    case 'open-auth':
      return `Set up ${action.scheme} auth${action.realm !== undefined ? ` (realm "${action.realm}")` : ''}`;
    case 'review-auth':
      return `Check the ${authScheme(action.scheme)?.label ?? action.scheme} credentials`;
    case 'open-cookies':
      return 'Show the cookie jar';
    case 'follow':
      return `Open GET ${action.location} in a new tab`;
    case 'retry-after':
      return undefined;
    default:
      throw new TypeError(`explainActionLabel: unknown action kind ${(action as { kind?: unknown }).kind}`);
  }
}
