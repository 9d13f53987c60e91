import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CollectionItem } from '../../core';
import { tabLabel } from '../composer/RequestTabs';
import { useWorkbench } from '../store/StoreProvider';

const NEW_COLLECTION = '__new__';

function folderOptions(items: readonly CollectionItem[], depth = 0): { id: string; label: string }[] {
  return items.flatMap((item) =>
    item.kind === 'folder' ? [{ id: item.id, label: `${'\u00a0\u00a0'.repeat(depth)}${item.name}` }, ...folderOptions(item.items, depth + 1)] : [],
  );
}

/**
 * Asks where to save a request the first time (Ctrl+S on a tab that is not from a
 * collection): its name, the collection (or a new one) and the folder. Later saves go to
 * the same place without asking.
 */
export function SaveRequestDialog() {
  const pending = useWorkbench((s) => s.pendingSave);
  const tab = useWorkbench((s) => s.tabs.find((t) => t.id === s.pendingSave?.tabId));
  const collections = useWorkbench((s) => s.collections);
  const selectedCollectionId = useWorkbench((s) => s.selectedCollectionId);
  const saveTabTo = useWorkbench((s) => s.saveTabTo);
  const cancel = useWorkbench((s) => s.cancelPendingSave);
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [collectionId, setCollectionId] = useState(NEW_COLLECTION);
  const [newName, setNewName] = useState('My requests');
  const [folderId, setFolderId] = useState('');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending && !element.open) {
      setName(tab ? tabLabel(tab.draft) : '');
      setCollectionId(selectedCollectionId && collections.some((c) => c.id === selectedCollectionId) ? selectedCollectionId : (collections[0]?.id ?? NEW_COLLECTION));
      setFolderId('');
      element.showModal();
    } else if (!pending && element.open) element.close();
    // The form is filled when the dialog opens; later store changes are not the person's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  const collection = collections.find((c) => c.id === collectionId);
  const folders = collection ? folderOptions(collection.items) : [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    saveTabTo(pending.tabId, {
      collectionId: collection ? collection.id : null,
      newCollectionName: newName,
      folderId: folders.some((f) => f.id === folderId) ? folderId : null,
      name,
    });
  };

  return (
    <dialog ref={dialog} className="workspace-dialog save-dialog" aria-labelledby="save-dialog-title" onClose={() => pending && cancel()}>
      <form onSubmit={onSubmit}>
        <h2 id="save-dialog-title">Save request</h2>
        <label className="workspace-field">
          Request name
          <input value={name} required autoFocus onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="workspace-field">
          Collection
          <select value={collectionId} onChange={(e) => setCollectionId(e.target.value)}>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            <option value={NEW_COLLECTION}>New collection…</option>
          </select>
        </label>
        {collection ? (
          <label className="workspace-field">
            Folder
            <select value={folderId} onChange={(e) => setFolderId(e.target.value)}>
              <option value="">(top level)</option>
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="workspace-field">
            New collection name
            <input value={newName} required onChange={(e) => setNewName(e.target.value)} />
          </label>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
