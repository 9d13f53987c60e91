/**
 * What a tab that has sent nothing shows: the next steps — a recent request to open here,
 * an import, a lesson to try — and how to send.
 */
import { useEffect, useMemo, useState } from 'react';
import type { LessonSuggestion } from '../lessons/lessonSuggestion';
import { afterFirstScreen } from '../../base/lazy/afterFirstScreen';
import { MethodBadge } from '../../base/components/MethodBadge';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { loadWorkspaceSession } from '../workspace/workspaceSessionLoader';
import { recentRequests } from '../workspace/recentRequests';

const RECENT = 5;

/** The suggested lesson, once the lessons' content has loaded (it is not part of the first screen). */
function useLessonSuggestion(): LessonSuggestion | undefined {
  const store = useWorkbenchApi();
  const [suggestion, setSuggestion] = useState<LessonSuggestion>();
  useEffect(() => {
    let live = true;
    const cancel = afterFirstScreen(() =>
      import('../lessons/lessonSuggestion').then(
        (m) => live && setSuggestion(m.lessonSuggestion(store)),
        () => undefined,
      ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [store]);
  return suggestion;
}

export function ResponseEmptyState() {
  const store = useWorkbenchApi();
  const lesson = useLessonSuggestion();
  const rows = useWorkbench((s) => s.historyRows);
  // Each request once (its newest send), not every send of it.
  const recent = useMemo(() => recentRequests(rows, RECENT), [rows]);
  const reopen = async (id: string) => {
    const entry = await (await loadWorkspaceSession(store)).readHistoryEntry(id);
    if (entry.ok) store.getState().loadDraft(entry.value.draft);
  };
  return (
    <section className="pane inspector empty-response" aria-label="Response">
      <p className="muted empty-state">No response in this tab yet. Press Send (Ctrl+Enter); Esc cancels.</p>
      {recent.length ? (
        <div className="empty-block">
          <h2>Recent requests</h2>
          <ul className="recent-list">
            {recent.map((row) => (
              <li key={row.id}>
                <button type="button" className="link-button recent-item" onClick={() => void reopen(row.id)}>
                  <MethodBadge method={row.method} /> <span className="recent-url">{row.url}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="empty-block empty-actions">
        <button type="button" onClick={() => store.getState().setUi({ importOpen: true, sidebarSection: 'workspace', sidebarCollapsed: false })}>
          Import…
        </button>
        {lesson ? (
          <button type="button" onClick={lesson.open}>
            Try a lesson: {lesson.title}
          </button>
        ) : null}
      </div>
    </section>
  );
}
