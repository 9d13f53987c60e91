import { HelpPopover } from '../../base/components/HelpPopover';
import { useLayoutEffect, useRef, useState } from 'react';
import { draftRowId, environmentProblems, type EnvironmentVariable } from '../../../core';
import { NameValueTable } from '../../base/components/NameValueTable';
import { useWorkbench } from '../../base/state/StoreProvider';

export interface EnvironmentDialogProps {
  open: boolean;
  onClose(): void;
}

function VariableRows({ environmentId }: { environmentId: string }) {
  const environment = useWorkbench((s) => s.environments.find((e) => e.id === environmentId));
  const setVariables = useWorkbench((s) => s.setEnvironmentVariables);
  if (!environment) return null;
  const variables = environment.variables;
  const problems = environmentProblems(environment);
  const patch = (id: string, change: Partial<EnvironmentVariable>) => setVariables(environmentId, variables.map((v) => (v.id === id ? { ...v, ...change } : v)));
  return (
    <>
      <NameValueTable
        rows={variables}
        noun="variable"
        enableVerb="Use"
        onEdit={(v, _, edit) => patch(v.id, edit)}
        onRemove={(v) => setVariables(environmentId, variables.filter((x) => x.id !== v.id))}
        nameProblem={(v) => problems.find((p) => p.field === v.id)?.message}
        isSecret={(v) => v.secret}
        extraColumn={{
          header: 'Secret',
          cell: (v, i) => <input type="checkbox" checked={v.secret} aria-label={`Variable ${i + 1} is secret`} onChange={(e) => patch(v.id, { secret: e.target.checked })} />,
        }}
      />
      <button type="button" onClick={() => setVariables(environmentId, [...variables, { id: draftRowId('var'), name: '', value: '', enabled: true, secret: false }])}>
        Add variable
      </button>
      <HelpPopover topic="variables">Use a variable as {'{{name}}'} in the URL, headers, auth or body. Secret values are masked and not saved across reloads.</HelpPopover>
    </>
  );
}

/** Edits environments: add, rename, remove, and their variables. */
export function EnvironmentDialog({ open, onClose }: EnvironmentDialogProps) {
  const environments = useWorkbench((s) => s.environments);
  const activeId = useWorkbench((s) => s.activeEnvironmentId);
  const addEnvironment = useWorkbench((s) => s.addEnvironment);
  const renameEnvironment = useWorkbench((s) => s.renameEnvironment);
  const setEnvironmentSecret = useWorkbench((s) => s.setEnvironmentSecret);
  const removeEnvironment = useWorkbench((s) => s.removeEnvironment);
  const setActive = useWorkbench((s) => s.setActiveEnvironment);
  const [editing, setEditing] = useState<string | null>(activeId);
  const dialog = useRef<HTMLDialogElement>(null);

  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setEditing(activeId ?? environments[0]?.id ?? null);
      element.showModal();
    } else if (!open && element.open) element.close();
    // Opening picks the environment to edit once; later changes are the person's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const current = environments.find((e) => e.id === editing);
  return (
    <dialog ref={dialog} className="environment-dialog" aria-labelledby="environment-dialog-title" onClose={onClose}>
      <h2 id="environment-dialog-title">Environments</h2>
      <div className="environment-list" role="group" aria-label="Environment to edit">
        {environments.map((e) => (
          <button key={e.id} type="button" aria-pressed={e.id === editing} onClick={() => setEditing(e.id)}>
            {e.name || 'unnamed'}
            {e.id === activeId ? ' (active)' : ''}
          </button>
        ))}
        <button type="button" onClick={() => setEditing(addEnvironment(`Environment ${environments.length + 1}`))}>
          New environment
        </button>
      </div>
      {current ? (
        <div className="environment-editor">
          <label>
            Environment name
            <input value={current.name} onChange={(e) => renameEnvironment(current.id, e.target.value)} />
          </label>
          <label className="small">
            <input type="checkbox" checked={current.secret === true} onChange={(e) => setEnvironmentSecret(current.id, e.target.checked)} /> Keep this environment on this machine only
            (never written to the workspace folder a team shares through git)
          </label>
          <VariableRows environmentId={current.id} />
          <div className="dialog-actions">
            <button type="button" onClick={() => setActive(current.id)} disabled={current.id === activeId}>
              Make active
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                removeEnvironment(current.id);
                setEditing(null);
              }}
            >
              Delete environment
            </button>
          </div>
        </div>
      ) : (
        <p className="muted">No environment yet. Create one to define variables such as {'{{baseUrl}}'} or {'{{token}}'}.</p>
      )}
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      </div>
    </dialog>
  );
}
