import './checks.css';
import type { RequestScript } from '../../../core';
import { CodeField } from '../../base/editors/CodeField';
import { useWorkbench } from '../../base/state/StoreProvider';
import { RUNNABLE_DIALECTS, scriptsOfPhase, withScriptText } from './checksModel';
import { activeChecks } from './checksSlice';

const PHASES: { phase: RequestScript['phase']; title: string; help: string }[] = [
  { phase: 'pre-request', title: 'Pre-request script', help: 'Before the request is built: pm.variables.set(…), pm.request.headers.add(…)' },
  { phase: 'post-response', title: 'Post-response script', help: 'On the response: pm.test(…), pm.expect(…), pm.environment.set(…)' },
];

/**
 * The composer's Scripts section: a pre-request and a post-response editor in Postman's
 * `pm` dialect. Imported scripts are shown and edited in place; one of another dialect
 * (a JetBrains handler) is shown with a note that it does not run here.
 */
export function ScriptsPanel() {
  const checks = useWorkbench(activeChecks);
  const updateChecks = useWorkbench((s) => s.updateChecks);
  return (
    <div className="checks-panel">
      <p className="muted checks-empty">Postman's pm API. Each script stops after 5 s and reaches no network except through pm.sendRequest.</p>
      {PHASES.map(({ phase, title, help }) => {
        const scripts = scriptsOfPhase(checks, phase);
        const shown = scripts.length > 0 ? scripts : [{ script: { phase, dialect: 'postman', text: '' } as RequestScript, index: -1 }];
        const helpId = `script-${phase}-help`;
        return (
          <section key={phase} aria-labelledby={`script-${phase}-title`} className="subsection checks-subsection">
            <div className="section-title script-title">
              <h3 id={`script-${phase}-title`}>{title}</h3>
              <span className="muted checks-help" id={helpId}>
                {help}
              </span>
            </div>
            {shown.map(({ script, index }, k) => (
              <div key={`${phase}-${k}`} className="script-editor">
                {!RUNNABLE_DIALECTS.has(script.dialect) ? <p className="field-note">A {script.dialect} script: kept with the request, not run here.</p> : null}
                {script.file !== undefined && !script.text ? (
                  <p className="field-note">Kept as the file {script.file}; not run here.</p>
                ) : (
                  <CodeField
                    value={script.text ?? ''}
                    language="javascript"
                    label={`${title}${shown.length > 1 ? ` ${k + 1}` : ''}`}
                    describedBy={helpId}
                    minHeight="6rem"
                    onChange={(text) => updateChecks((c) => withScriptText(c, phase, index, text))}
                  />
                )}
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
