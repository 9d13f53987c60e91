import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { CollectionItem } from '../../../core';
import { tabLabel } from '../../base/state/tabLabel';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { addToCollection, addToEnvironment, secretNamesOf, takeSecretsOutOfTab, type SecretDestination } from '../../base/secrets/moveSecrets';

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
  const store = useWorkbenchApi();
  const environment = useWorkbench((s) => s.environments.find((e) => e.id === s.activeEnvironmentId));
  const secrets = useMemo(() => (tab ? secretNamesOf(tab.draft) : []), [tab]);
  const [destination, setDestination] = useState<SecretDestination>('keep');

  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending && !element.open) {
      setName(tab ? tabLabel(tab.draft) : '');
      setCollectionId(selectedCollectionId && collections.some((c) => c.id === selectedCollectionId) ? selectedCollectionId : (collections[0]?.id ?? NEW_COLLECTION));
      setFolderId('');
      setDestination('keep');
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
    // Moved secrets become {{name}} references in the request before it is saved.
    const taken = destination === 'collection' ? (collection?.variables ?? []).map((v) => v.name) : (environment?.variables ?? []).map((v) => v.name);
    const moved = destination === 'keep' ? [] : takeSecretsOutOfTab(store, pending.tabId, taken);
    saveTabTo(pending.tabId, {
      collectionId: collection ? collection.id : null,
      newCollectionName: newName,
      folderId: folders.some((f) => f.id === folderId) ? folderId : null,
      name,
    });
    if (destination === 'collection') addToCollection(store, pending.tabId, moved);
    else if (destination === 'environment') addToEnvironment(store, moved);
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
        {secrets.length > 0 ? (
          <fieldset className="workspace-field save-secrets">
            <legend>
              This request carries {secrets.length === 1 ? 'a secret' : `${secrets.length} secrets`} ({secrets.join(', ')})
            </legend>
            <label>
              <input type="radio" name="secret-destination" checked={destination === 'keep'} onChange={() => setDestination('keep')} /> Keep with the request (sealed in the vault; saved files hold a reference)
            </label>
            <label>
              <input type="radio" name="secret-destination" checked={destination === 'collection'} onChange={() => setDestination('collection')} /> Move into secret variables of the collection
            </label>
            <label>
              <input type="radio" name="secret-destination" checked={destination === 'environment'} disabled={!environment} onChange={() => setDestination('environment')} /> Move into the
              environment {environment ? `"${environment.name}"` : '(choose an environment first)'} as secrets
            </label>
          </fieldset>
        ) : null}
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
