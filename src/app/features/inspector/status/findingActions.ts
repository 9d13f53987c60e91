/**
 * What the inspector can do about a finding, wired to the composer and the sidebar through
 * the store — only where they offer it (`focusAuth`, `loadDraft`, `showSidebarSection` are
 * looked up at run time, so the inspector works with any shell that has or lacks them).
 */
import { useWorkbench } from '../../../base/state/StoreProvider';

interface ComposerActions {
  focusAuth?: (scheme: string, values?: Record<string, string>) => void;
  loadDraft?: (draft: { method: string; url: string }, options?: { newTab?: boolean }) => void;
  showSidebarSection?: (section: 'cookies') => void;
}

/** The composer's auth and load actions and the sidebar's sections, when the store has them. */
export function useComposerActions(): ComposerActions {
  const focusAuth = useWorkbench((s) => (s as Partial<ComposerActions>).focusAuth);
  const loadDraft = useWorkbench((s) => (s as Partial<ComposerActions>).loadDraft);
  const showSidebarSection = useWorkbench((s) => (s as Partial<ComposerActions>).showSidebarSection);
  return { focusAuth, loadDraft, showSidebarSection };
}
