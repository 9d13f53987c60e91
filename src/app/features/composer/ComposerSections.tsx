import type { KeyboardEvent } from 'react';
import type { ComposerSection } from './draftSlice';
import { useWorkbench } from '../../base/state/StoreProvider';
import { HeadersTable } from './HeadersTable';
import { OptionsPanel } from './OptionsPanel';
import { ParamsPanel } from './ParamsPanel';
import { AuthPanel, BodyPanel } from './lazyParts';
import { SoapSection } from './SoapSection';
import { activeSoapTab } from '../soap/soapSlice';
import { ChecksPanel, ScriptsPanel } from '../checks/lazyChecks';
import { activeChecks } from '../checks/checksSlice';

const SOAP_SECTION: { id: ComposerSection; label: string } = { id: 'soap', label: 'SOAP' };

const HTTP_SECTIONS: { id: ComposerSection; label: string }[] = [
  { id: 'params', label: 'Params' },
  { id: 'headers', label: 'Headers' },
  { id: 'auth', label: 'Auth' },
  { id: 'body', label: 'Body' },
  { id: 'options', label: 'Options' },
  { id: 'checks', label: 'Checks' },
  { id: 'scripts', label: 'Scripts' },
];

const count = (n: number): string => (n ? String(n) : '');

/** Counts shown in the section tabs, so the person sees where things are without opening each. */
function useSectionHints(): Record<ComposerSection, string> {
  const draft = useWorkbench((s) => s.draft);
  const checks = useWorkbench(activeChecks);
  const soapVersion = useWorkbench((s) => activeSoapTab(s)?.expected?.version ?? '');
  const enabled = (rows: { enabled: boolean }[]) => rows.filter((r) => r.enabled).length;
  const params = enabled(draft.query) + draft.pathParams.length;
  const options = [draft.options.methodOverride, draft.options.followRedirects, draft.options.insecureTls, (draft.options.protocol ?? 'auto') !== 'auto'].filter(Boolean).length;
  return {
    params: params ? String(params) : '',
    headers: enabled(draft.headers) ? String(enabled(draft.headers)) : '',
    auth: draft.auth.scheme === 'none' ? '' : draft.auth.scheme,
    body: draft.body.kind === 'none' ? '' : draft.body.kind,
    options: options ? String(options) : '',
    soap: soapVersion,
    checks: count(checks.captures.filter((c) => c.enabled !== false).length + checks.assertions.filter((a) => a.enabled !== false).length),
    scripts: count(checks.scripts.filter((s) => (s.text ?? '').trim() !== '' || s.file !== undefined).length),
  };
}

/** The parts of the request as tabs: Params, Headers, Auth, Body, Options, Checks, Scripts. */
export function ComposerSections() {
  const chosen = useWorkbench((s) => s.composerTab);
  const setComposerTab = useWorkbench((s) => s.setComposerTab);
  const isSoap = useWorkbench((s) => activeSoapTab(s) !== undefined);
  const hints = useSectionHints();
  // A SOAP tab has its SOAP section first; a plain tab left on it shows Params instead.
  const sections = isSoap ? [SOAP_SECTION, ...HTTP_SECTIONS] : HTTP_SECTIONS;
  const active: ComposerSection = chosen === 'soap' && !isSoap ? 'params' : chosen;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = sections.findIndex((s) => s.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = sections[(index + step + sections.length) % sections.length]!;
    setComposerTab(next.id);
    document.getElementById(`composer-tab-${next.id}`)?.focus();
  };
  return (
    <div className="composer-sections">
      <div role="tablist" aria-label="Request parts" className="section-tabs" onKeyDown={onKeyDown}>
        {sections.map((s) => (
          <button
            key={s.id}
            id={`composer-tab-${s.id}`}
            type="button"
            role="tab"
            aria-selected={s.id === active}
            aria-controls={`composer-section-${s.id}`}
            tabIndex={s.id === active ? 0 : -1}
            onClick={() => setComposerTab(s.id)}
          >
            {s.label}
            {hints[s.id] ? <span className="tab-hint"> {hints[s.id]}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`composer-section-${active}`} aria-labelledby={`composer-tab-${active}`} className="section-panel">
        {active === 'params' ? <ParamsPanel /> : null}
        {active === 'headers' ? <HeadersTable /> : null}
        {active === 'auth' ? <AuthPanel /> : null}
        {active === 'body' ? <BodyPanel /> : null}
        {active === 'options' ? <OptionsPanel /> : null}
        {active === 'soap' ? <SoapSection /> : null}
        {active === 'checks' ? <ChecksPanel /> : null}
        {active === 'scripts' ? <ScriptsPanel /> : null}
      </div>
    </div>
  );
}
