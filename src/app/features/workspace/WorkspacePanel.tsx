import { useCallback, useState, type KeyboardEvent } from 'react';
import { PaneBoundary } from '../../base/components/PaneBoundary';
import { EnvironmentDialog } from '../environments/lazyParts';
import { useWorkbench } from '../../base/state/StoreProvider';
import { CollectionTree } from './CollectionTree';
import { CollectionVariablesDialog } from './CollectionVariablesDialog';
import { HistoryList } from './HistoryList';
import { SetAsideReport } from './SetAsideReport';
import { UndoToast } from './UndoToast';
import { useCollectionWrites, useLoadProgress } from './storageProgress';
// The import and export dialogs (and the importers) load when first opened.
import { ExportDialog, ImportDialog } from './lazyParts';

const SECTIONS = [
  { id: 'collections', label: 'Collections' },
  { id: 'history', label: 'History' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function StorageLine() {
  const mode = useWorkbench((s) => s.workspaceMode);
  const folder = useWorkbench((s) => s.workspaceFolder);
  const problem = useWorkbench((s) => s.workspaceProblem);
  // A large collection being stored: said here too, and marked for whoever waits for storage to be idle.
  const writing = [...useCollectionWrites().values()].filter((w) => w.state === 'writing');
  const large = writing.find((w) => w.total >= 2_000);
  const loading = useLoadProgress();
  return (
    <>
      {problem ? (
        <p className="field-error small workspace-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="muted small workspace-storage" data-testid="workspace-storage" data-saving={writing.length > 0 ? 'true' : undefined}>
        {mode === 'loading' ? 'Loading…' : mode === 'folder' ? `Collections in folder ${folder}` : mode === 'browser' ? 'Saved in this browser as you work' : 'Kept in this page only'}
        {mode === 'browser' && large ? ` (storing “${large.name}”: ${large.stored.toLocaleString('en')} of ${large.total.toLocaleString('en')})` : ''}
      </p>
      {mode === 'loading' && loading && loading.total >= 2_000 ? (
        <p className="muted small workspace-load-progress">
          Reading {loading.received.toLocaleString('en')} of {loading.total.toLocaleString('en')} requests and folders…
        </p>
      ) : null}
    </>
  );
}

function CollectionsSection() {
  const addCollection = useWorkbench((s) => s.addCollection);
  const environments = useWorkbench((s) => s.environments);
  const activeEnvironment = useWorkbench((s) => s.environments.find((e) => e.id === s.activeEnvironmentId));
  const [search, setSearch] = useState('');
  const [naming, setNaming] = useState<string | null>(null);
  const namingStarted = useCallback(() => setNaming(null), []);
  // In the store, so the empty response pane and the command palette can open it too.
  const importing = useWorkbench((s) => s.importOpen);
  const setImporting = (importOpen: boolean) => setUi({ importOpen });
  const setUi = useWorkbench((s) => s.setUi);
  const [editingEnvironments, setEditingEnvironments] = useState(false);
  const [variablesOf, setVariablesOf] = useState<string | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  return (
    <>
      <div className="workspace-toolbar" role="toolbar" aria-label="Collection actions">
        <button
          type="button"
          aria-label="New collection"
          title="New collection"
          onClick={() => {
            // Named at once, the way a new folder is: its name field opens in the tree.
            setSearch('');
            setNaming(addCollection('New collection'));
          }}
        >
          New
        </button>
        <button type="button" onClick={() => setImporting(true)}>
          Import…
        </button>
        <button type="button" onClick={() => setEditingEnvironments(true)} title={`${environments.length} environments; active: ${activeEnvironment?.name ?? 'none'}`}>
          Environments
        </button>
      </div>
      <input type="search" className="workspace-search" aria-label="Search collections" placeholder="Search requests and folders" value={search} onChange={(e) => setSearch(e.target.value)} />
      <CollectionTree search={search} onEditVariables={setVariablesOf} onExport={setExporting} renameRequest={naming} onRenameStarted={namingStarted} />
      {/* Each dialog fails on its own: the tree and the other dialogs stay usable. */}
      <PaneBoundary name="The import dialog">
        <ImportDialog open={importing} onClose={() => setImporting(false)} />
      </PaneBoundary>
      <PaneBoundary name="The environments dialog">
        <EnvironmentDialog open={editingEnvironments} onClose={() => setEditingEnvironments(false)} />
      </PaneBoundary>
      <PaneBoundary name="The variables dialog">
        <CollectionVariablesDialog collectionId={variablesOf} onClose={() => setVariablesOf(null)} />
      </PaneBoundary>
      <PaneBoundary name="The export dialog">
        <ExportDialog collectionId={exporting} onClose={() => setExporting(null)} />
      </PaneBoundary>
    </>
  );
}

/**
 * Collections and history: a tree of saved requests (with search, rename, duplicate,
 * drag or Alt+arrows to reorder, delete with Undo, variables, import and export) and the
 * history of everything sent. Where it is stored, and what could not be loaded, is said.
 */
export function WorkspacePanel() {
  const [section, setSection] = useState<SectionId>('collections');
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = SECTIONS[(SECTIONS.findIndex((s) => s.id === section) + 1) % SECTIONS.length]!;
    setSection(next.id);
    document.getElementById(`workspace-tab-${next.id}`)?.focus();
  };
  return (
    <div className="workspace">
      <div role="tablist" aria-label="Workspace sections" className="workspace-tabs" onKeyDown={onKeyDown}>
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            id={`workspace-tab-${s.id}`}
            type="button"
            role="tab"
            aria-selected={s.id === section}
            aria-controls={`workspace-panel-${s.id}`}
            tabIndex={s.id === section ? 0 : -1}
            onClick={() => setSection(s.id)}
          >
            {s.label}
          </button>
        ))}
      </div>
      <StorageLine />
      <SetAsideReport />
      <UndoToast />
      <div role="tabpanel" id={`workspace-panel-${section}`} aria-labelledby={`workspace-tab-${section}`} className="workspace-section">
        <PaneBoundary key={section} name={section === 'collections' ? 'The collections' : 'The history'}>
          {section === 'collections' ? <CollectionsSection /> : <HistoryList />}
        </PaneBoundary>
      </div>
    </div>
  );
}
