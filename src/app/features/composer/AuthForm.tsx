import { useState } from 'react';
import { visibleAuthFields, type AuthField, type AuthSchemeDescriptor, type CoreError } from '../../../core';
import { HelpPopover } from '../../base/components/HelpPopover';
import { LostSecretNote } from '../../base/secrets/LostSecretNote';
import { isOnlyReference } from './useLostSecrets';

export interface AuthFormProps {
  descriptor: AuthSchemeDescriptor;
  values: Record<string, string>;
  onChange(name: string, value: string): void;
  /** The scheme's current failure; shown under the field it names. */
  error?: CoreError;
  /** Fields whose kept secret this page lacks: each asks for it (issue 27 item 3). */
  lostFields?: ReadonlySet<string>;
  /** The lost secrets are sealed in a locked vault (unlocking brings them back), not gone. */
  vaultLocked?: boolean;
}

function SecretInput({ id, value, label, describedBy, invalid, onChange }: { id: string; value: string; label: string; describedBy?: string; invalid: boolean; onChange(v: string): void }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="secret-input">
      <input
        id={id}
        type={shown ? 'text' : 'password'}
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="button" className="small-button" aria-label={`${shown ? 'Hide' : 'Show'} ${label}`} aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}

function FieldControl({ field, id, value, describedBy, invalid, onChange }: { field: AuthField; id: string; value: string; describedBy?: string; invalid: boolean; onChange(v: string): void }) {
  switch (field.kind) {
    case 'secret':
      return <SecretInput id={id} value={value} label={field.label} describedBy={describedBy} invalid={invalid} onChange={onChange} />;
    case 'select':
      return (
        <select id={id} value={value} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)}>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'params':
      return (
        <textarea
          id={id}
          value={value}
          rows={4}
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          placeholder={'id="key-1"\nnonce=abc'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return <input id={id} value={value} spellCheck={false} autoComplete="off" aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} />;
  }
}

/**
 * One form for every auth scheme: the descriptor's fields rendered by kind (text, secret,
 * select, params), each with its help, and the scheme's error shown under the field it
 * names — live, as the person types.
 */
export function AuthForm({ descriptor, values, onChange, error, lostFields, vaultLocked = false }: AuthFormProps) {
  if (descriptor.fields.length === 0) return null;
  return (
    <div className="auth-form">
      {visibleAuthFields(descriptor, values).map((field) => {
        const id = `auth-${descriptor.id}-${field.name}`;
        const lost = lostFields?.has(field.name) === true;
        const failing = !lost && error?.field === field.name;
        const described = [field.help ? `${id}-help` : '', failing ? `${id}-error` : '', lost ? `${id}-lost` : ''].filter(Boolean).join(' ') || undefined;
        const raw = values[field.name] ?? field.default ?? '';
        // A lost secret's reference is not something to read or edit: the field is empty, ready for the value.
        const shown = lost && isOnlyReference(raw) ? '' : raw;
        return (
          <div key={field.name} className="auth-field">
            <span className="auth-field-label">
              <label htmlFor={id}>{field.label}</label>
              {field.help ? (
                <HelpPopover topic={field.label} id={`${id}-help`}>
                  {field.help}
                </HelpPopover>
              ) : null}
            </span>
            <FieldControl field={field} id={id} value={shown} describedBy={described} invalid={failing || lost} onChange={(v) => onChange(field.name, v)} />
            {lost ? <LostSecretNote id={`${id}-lost`} locked={vaultLocked} /> : null}
            {failing ? (
              <p className="field-error" id={`${id}-error`} aria-live="polite">
                {error!.message}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
