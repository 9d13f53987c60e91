import { useState } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import { EnvironmentDialog } from '../environments/lazyParts';
import { useComposerView } from './useComposerView';

/** The active environment, a way to edit environments, and the variables left unresolved. */
export function EnvironmentPicker() {
  const environments = useWorkbench((s) => s.environments);
  const activeId = useWorkbench((s) => s.activeEnvironmentId);
  const setActive = useWorkbench((s) => s.setActiveEnvironment);
  const view = useComposerView();
  const [open, setOpen] = useState(false);
  const unresolved = view.build.ok ? view.build.value.unresolved : [];
  return (
    <div className="environment-picker">
      <label htmlFor="environment-select">Environment</label>
      <select id="environment-select" value={activeId ?? ''} onChange={(e) => setActive(e.target.value || null)}>
        <option value="">No environment</option>
        {environments.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name || 'unnamed'}
          </option>
        ))}
      </select>
      <button type="button" className="small-button" onClick={() => setOpen(true)}>
        Edit environments
      </button>
      {unresolved.length > 0 ? (
        <span className="field-error" data-testid="unresolved-variables">
          Unresolved: {unresolved.map((n) => `{{${n}}}`).join(', ')}
        </span>
      ) : null}
      <EnvironmentDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
