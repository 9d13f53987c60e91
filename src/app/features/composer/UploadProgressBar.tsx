import { useWorkbench } from '../../base/state/StoreProvider';

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The upload progress of the request being sent, as bytes the relay has passed upstream. */
export function UploadProgressBar() {
  const upload = useWorkbench((s) => s.upload);
  const inFlight = useWorkbench((s) => s.sendInFlight);
  if (!upload || (!inFlight && upload.done)) return null;
  const total = upload.total ?? 0;
  return (
    <div className="upload-progress">
      <progress aria-label="Upload progress" max={total || undefined} value={upload.sent} data-testid="upload-progress" />
      <span className="muted small" aria-live="off">
        {mib(upload.sent)} of {total ? mib(total) : '?'} sent
      </span>
    </div>
  );
}
