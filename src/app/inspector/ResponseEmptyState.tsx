/**
 * What a tab that has sent nothing shows: the next steps — a recent request to open here,
 * an import, a lesson to try — and how to send.
 */
import { LESSONS } from '../../core';
import { openLesson } from '../lessons/openLesson';
import { MethodBadge } from '../components/MethodBadge';
import { useWorkbench, useWorkbenchApi } from '../store/StoreProvider';
import { useWorkspaceSession } from '../workspace/useWorkspaceSession';

const RECENT = 5;
const SUGGESTED_LESSON = LESSONS.find((l) => l.group === 'Methods and resources') ?? LESSONS[0];

export function ResponseEmptyState() {
  const store = useWorkbenchApi();
  const session = useWorkspaceSession();
  const rows = useWorkbench((s) => s.historyRows);
  const recent = rows.slice(0, RECENT);
  const reopen = async (id: string) => {
    const entry = await session.readHistoryEntry(id);
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
        {SUGGESTED_LESSON ? (
          <button type="button" onClick={() => openLesson(store, SUGGESTED_LESSON, { inPlace: true })}>
            Try a lesson: {SUGGESTED_LESSON.title}
          </button>
        ) : null}
      </div>
    </section>
  );
}
