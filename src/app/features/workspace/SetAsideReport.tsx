import { useWorkbench } from '../../base/state/StoreProvider';
import { copyText } from './textTransfer';
import { useWorkspaceSession } from './useWorkspaceSession';
import type { SetAsideReport as Report } from './workspaceRecords';

function title(report: Report): string {
  const what = report.name ? `"${report.name}"` : (report.path ?? report.id ?? 'a record');
  return `${report.kind} ${what}`;
}

/**
 * What did not load, and why: stored records that failed validation (kept in storage,
 * never dropped silently) and workspace-folder files that cannot be read. A stored record
 * can be copied out, or discarded on purpose; a file is fixed on disk and reappears.
 */
export function SetAsideReport() {
  const reports = useWorkbench((s) => s.setAside);
  const session = useWorkspaceSession();
  if (reports.length === 0) return null;
  return (
    <details className="set-aside" data-testid="set-aside">
      <summary>
        {reports.length} {reports.length === 1 ? 'item' : 'items'} could not be loaded
      </summary>
      <ul>
        {reports.map((report) => (
          <li key={report.key}>
            <strong className="set-aside-what">{title(report)}</strong>
            <span className="set-aside-reason">{report.reason}</span>
            {report.source === 'folder' ? (
              <span className="muted small">Fix or remove the file in the workspace folder; the change appears here.</span>
            ) : (
              <span className="set-aside-actions">
                <button type="button" onClick={() => void copyText(JSON.stringify(report.raw, null, 2))}>
                  Copy as JSON
                </button>
                <button type="button" className="danger-outline" onClick={() => void session.discardSetAside(report)}>
                  Discard
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
