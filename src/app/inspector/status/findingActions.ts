/**
 * What the inspector can do about a finding, wired to the composer through the store —
 * only where the composer offers it (`focusAuth`, `loadDraft` are looked up at run time,
 * so the inspector works with any composer that has or lacks them).
 */
import { useWorkbench } from '../../store/StoreProvider';

interface ComposerActions {
  focusAuth?: (scheme: string, values?: Record<string, string>) => void;
  loadDraft?: (draft: { method: string; url: string }, options?: { newTab?: boolean }) => void;
}

/** The composer's auth and load actions, when the store has them. */
export function useComposerActions(): ComposerActions {
  const focusAuth = useWorkbench((s) => (s as Partial<ComposerActions>).focusAuth);
  const loadDraft = useWorkbench((s) => (s as Partial<ComposerActions>).loadDraft);
  return { focusAuth, loadDraft };
}
