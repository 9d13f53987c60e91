import { useEffect, useRef } from 'react';
import type { Variable } from '../../core';
import { useWorkbench } from '../store/StoreProvider';

export interface CollectionVariablesDialogProps {
  collectionId: string | null;
  onClose(): void;
}

/**
 * A collection's `{{variables}}`: used by the requests opened from it, under the active
 * environment (an environment variable of the same name wins). Secret values are masked
 * and not stored.
 */
export function CollectionVariablesDialog({ collectionId, onClose }: CollectionVariablesDialogProps) {
  const collection = useWorkbench((s) => s.collections.find((c) => c.id === collectionId));
  const setVariables = useWorkbench((s) => s.setCollectionVariables);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (collectionId && !element.open) element.showModal();
    else if (!collectionId && element.open) element.close();
  }, [collectionId]);

  const variables = collection?.variables ?? [];
  const patch = (index: number, change: Partial<Variable>) => collection && setVariables(collection.id, variables.map((v, i) => (i === index ? { ...v, ...change } : v)));

  return (
    <dialog ref={dialog} className="workspace-dialog" aria-labelledby="collection-variables-title" onClose={onClose}>
      <h2 id="collection-variables-title">Variables of {collection?.name ?? ''}</h2>
      <p className="muted small">Requests opened from this collection resolve {'{{name}}'} from these, unless the active environment defines the same name.</p>
      <table className="kv-table">
        <thead>
          <tr>
            <th scope="col">On</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Secret</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {variables.map((v, i) => (
            <tr key={i}>
              <td>
                <input type="checkbox" checked={v.enabled !== false} aria-label={`Use collection variable ${i + 1}`} onChange={(e) => patch(i, { enabled: e.target.checked ? undefined : false })} />
              </td>
              <td>
                <input value={v.name} aria-label={`Collection variable ${i + 1} name`} spellCheck={false} onChange={(e) => patch(i, { name: e.target.value })} />
              </td>
              <td>
                <input value={v.value} type={v.secret ? 'password' : 'text'} aria-label={`Collection variable ${i + 1} value`} spellCheck={false} autoComplete="off" onChange={(e) => patch(i, { value: e.target.value })} />
              </td>
              <td>
                <input type="checkbox" checked={v.secret === true} aria-label={`Collection variable ${i + 1} is secret`} onChange={(e) => patch(i, { secret: e.target.checked ? true : undefined })} />
              </td>
              <td>
                <button type="button" className="icon-button" aria-label={`Remove collection variable ${i + 1}`} onClick={() => collection && setVariables(collection.id, variables.filter((_, j) => j !== i))}>
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" onClick={() => collection && setVariables(collection.id, [...variables, { name: '', value: '' }])}>
          Add variable
        </button>
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      </div>
    </dialog>
  );
}
