/**
 * The labelled controls of the Certificates dialog: a line, a PEM area that can also be
 * filled from a file, and a file pick for binary files. Each shows its problem under it,
 * tied to the control (aria-invalid, aria-describedby), so a screen reader hears why.
 */
import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  help?: ReactNode;
  error?: string;
  /** Problems are shown once the person tried to save. */
  showError: boolean;
}

function FieldNotes({ helpId, errorId, help, error }: { helpId: string; errorId: string; help?: ReactNode; error?: string }) {
  return (
    <>
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
      {help ? (
        <span id={helpId} className="field-help">
          {help}
        </span>
      ) : null}
    </>
  );
}

function describedBy(helpId: string, errorId: string, help: unknown, error: string | undefined): string | undefined {
  return [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
}

/** A one-line text (or password) field. */
export function LineField({ label, help, error, showError, value, onChange, type = 'text', placeholder }: FieldProps & { value: string; onChange: (value: string) => void; type?: 'text' | 'password'; placeholder?: string }) {
  const id = useId();
  const shown = showError ? error : undefined;
  return (
    <div className="tls-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} placeholder={placeholder} autoComplete="off" spellCheck={false} aria-invalid={shown ? true : undefined} aria-describedby={describedBy(`${id}-help`, `${id}-error`, help, shown)} onChange={(e) => onChange(e.target.value)} />
      <FieldNotes helpId={`${id}-help`} errorId={`${id}-error`} help={help} error={shown} />
    </div>
  );
}

/** A PEM text area with a file pick beside it ("Certificate file" fills "Certificate (PEM)"). */
export function PemField({ label, fileLabel, help, error, showError, value, onChange, secret = false }: FieldProps & { fileLabel: string; value: string; onChange: (value: string) => void; secret?: boolean }) {
  const id = useId();
  const fileId = useId();
  const shown = showError ? error : undefined;
  const locked = value.startsWith('{{secret:');
  return (
    <div className="tls-field">
      <div className="tls-field-head">
        <label htmlFor={id}>{label}</label>
        <label htmlFor={fileId} className="tls-file-label small">
          {fileLabel}
        </label>
        <input id={fileId} type="file" className="tls-file-input" accept=".pem,.crt,.cer,.key,text/plain,application/x-pem-file" onChange={(e) => void e.target.files?.[0]?.text().then(onChange)} />
      </div>
      <textarea
        id={id}
        className={`tls-pem${secret ? ' tls-secret' : ''}`}
        rows={4}
        value={locked ? '' : value}
        placeholder={locked ? 'Locked: unlock the vault, or paste it again' : '-----BEGIN …-----'}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(`${id}-help`, `${id}-error`, help, shown)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldNotes helpId={`${id}-help`} errorId={`${id}-error`} help={help} error={shown} />
    </div>
  );
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A binary file pick (PKCS#12): hands over the file's name and its bytes in base64. */
export function BinaryFileField({ label, help, error, showError, fileName, accept, onPick }: FieldProps & { fileName: string; accept: string; onPick: (name: string, base64: string) => void }) {
  const id = useId();
  const shown = showError ? error : undefined;
  return (
    <div className="tls-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(`${id}-help`, `${id}-error`, help, shown)}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.arrayBuffer().then((bytes) => onPick(file.name, toBase64(bytes)));
        }}
      />
      {fileName ? <span className="small muted">Chosen: {fileName}</span> : null}
      <FieldNotes helpId={`${id}-help`} errorId={`${id}-error`} help={help} error={shown} />
    </div>
  );
}
