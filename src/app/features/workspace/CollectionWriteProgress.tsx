import { useWorkbench } from '../../base/state/StoreProvider';
import { useCollectionWrites } from './storageProgress';

/**
 * How far storing a collection in the browser has come (the import dialog, after a large
 * import): a progress bar while the storage worker commits its transactions, then that all
 * of it is stored, or what was not and why.
 */
export function CollectionWriteProgress({ collectionId }: { collectionId: string }) {
  const write = useCollectionWrites().get(collectionId);
  const mode = useWorkbench((s) => s.workspaceMode);
  if (mode !== 'browser' || !write) return null;
  const n = (value: number) => value.toLocaleString('en');
  if (write.state === 'failed') return <p className="field-error small collection-write-failed">{write.message}</p>;
  if (write.state === 'stored') return <p className="muted small collection-write-stored">Stored in this browser: all {n(write.total)} requests and folders.</p>;
  return (
    <p className="small collection-write-progress">
      Storing in this browser: {n(write.stored)} of {n(write.total)} requests and folders…{' '}
      <progress aria-label="Storing in this browser" value={write.stored} max={Math.max(write.total, 1)} />
    </p>
  );
}
