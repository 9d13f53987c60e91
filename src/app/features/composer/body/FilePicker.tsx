import { draftRowId, type FileRef } from '../../../../core';
import { fileRegistry } from '../../../base/relay/relayClient';

export interface FilePickerProps {
  label: string;
  file?: FileRef;
  onPick(file: FileRef): void;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * Picks a file for a body. The File (a handle to the bytes on disk) goes into the file
 * registry and the draft keeps only a reference; the browser streams it when sending, so
 * it is never read into memory here.
 */
export function FilePicker({ label, file, onPick }: FilePickerProps) {
  const available = file ? fileRegistry.has(file.id) : false;
  return (
    <div className="file-picker">
      <input
        type="file"
        aria-label={label}
        onChange={(e) => {
          const picked = e.target.files?.[0];
          if (!picked) return;
          const id = draftRowId('file');
          fileRegistry.set(id, picked);
          onPick({ kind: 'file', id, name: picked.name, size: picked.size, ...(picked.type ? { type: picked.type } : {}) });
        }}
      />
      {file ? (
        <span className={available ? 'muted small' : 'field-error'}>
          {available ? `${file.name} — ${formatSize(file.size)}${file.type ? `, ${file.type}` : ''}` : `${file.name} is no longer available (files are not kept across reloads); pick it again.`}
        </span>
      ) : null}
    </div>
  );
}
