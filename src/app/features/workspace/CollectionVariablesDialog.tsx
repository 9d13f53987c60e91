import { useEffect, useRef } from 'react';
import type { Variable } from '../../../core';
import { NameValueTable } from '../../base/components/NameValueTable';
import { useWorkbench } from '../../base/state/StoreProvider';

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
      <NameValueTable
        rows={variables}
        noun="collection variable"
        enableVerb="Use"
        onEdit={(_, i, edit) => patch(i, 'enabled' in edit ? { enabled: edit.enabled ? undefined : false } : edit)}
        onRemove={(_, i) => collection && setVariables(collection.id, variables.filter((_, j) => j !== i))}
        isSecret={(v) => v.secret === true}
        extraColumn={{
          header: 'Secret',
          cell: (v, i) => (
            <input type="checkbox" checked={v.secret === true} aria-label={`Collection variable ${i + 1} is secret`} onChange={(e) => patch(i, { secret: e.target.checked ? true : undefined })} />
          ),
        }}
      />
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
