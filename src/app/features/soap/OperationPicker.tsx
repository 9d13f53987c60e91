import { useEffect } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import type { SoapTabState } from './soapSlice';
import { useSoapOperation } from './useSoapOperation';
import { defaultSoapTarget, summaryPort } from './wsdlSummary';
import type { WsdlLoaded } from './wsdlWorkerProtocol';
import { SoapChecks, type SoapLintView } from './SoapChecks';

export interface OperationPickerProps {
  soap: SoapTabState;
  loaded: WsdlLoaded | undefined;
  reload(): void;
  /** The composer's findings for the request, for the checks against the WSDL. */
  view: SoapLintView;
}

/**
 * Service, port and operation pickers over the loaded WSDL, what the WSDL declares for the
 * operation (address, version, action, style), and the checks of the request against it.
 * Picking an operation writes its sample envelope and headers into the request.
 */
export function OperationPicker({ soap, loaded, reload, view }: OperationPickerProps) {
  const updateSoapTab = useWorkbench((s) => s.updateSoapTab);
  const { apply, problem, busy } = useSoapOperation(loaded?.key, reload);
  const summary = loaded?.summary;
  const service = summary?.services.find((s) => s.name === soap.service);
  const port = summary ? summaryPort(summary, soap.service, soap.port) : undefined;
  const operation = port?.operations.find((o) => o.name === soap.operation);

  // A WSDL loaded into a tab with no operation yet starts at its first SOAP operation.
  useEffect(() => {
    if (!summary || soap.operation) return;
    const first = defaultSoapTarget(summary);
    if (first) void apply(first);
  }, [summary, soap.operation, apply]);

  // A tab opened from a saved request knows its operation but not yet what the WSDL declares for it.
  useEffect(() => {
    if (!port || !operation || !port.soapVersion) return;
    const expected = { version: port.soapVersion, action: operation.soapAction, endpoint: port.address };
    const current = soap.expected;
    if (current && current.version === expected.version && current.action === expected.action && current.endpoint === expected.endpoint) return;
    updateSoapTab((s) => ({ ...s, expected }));
  }, [port, operation, soap.expected, updateSoapTab]);

  if (!summary) {
    return soap.operation ? (
      <p className="muted small">
        Operation <strong>{soap.operation}</strong> of {soap.service} / {soap.port}. Load the WSDL to pick another or to check the request against it.
      </p>
    ) : null;
  }
  if (summary.operationCount === 0) return <p className="field-note">This description has no SOAP operations to call.</p>;

  const pickService = (name: string) => {
    const next = summary.services.find((s) => s.name === name);
    const nextPort = next?.ports.find((p) => p.protocol === 'soap' && p.operations.length > 0);
    if (next && nextPort) void apply({ service: next.name, port: nextPort.name, operation: nextPort.operations[0]!.name });
  };
  const pickPort = (name: string) => {
    const nextPort = service?.ports.find((p) => p.name === name);
    if (!nextPort || nextPort.operations.length === 0) return;
    const same = nextPort.operations.find((o) => o.name === soap.operation);
    void apply({ service: soap.service, port: nextPort.name, operation: (same ?? nextPort.operations[0]!).name });
  };

  return (
    <div className="soap-operation">
      <div className="soap-pickers">
        <div className="soap-field">
          <label htmlFor="soap-service">Service</label>
          <select id="soap-service" value={soap.service} disabled={busy} onChange={(e) => pickService(e.target.value)}>
            {service ? null : <option value={soap.service}>{soap.service || 'Choose…'}</option>}
            {summary.services.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="soap-field">
          <label htmlFor="soap-port">Port</label>
          <select id="soap-port" value={soap.port} disabled={busy || !service} onChange={(e) => pickPort(e.target.value)}>
            {port ? null : <option value={soap.port}>{soap.port || 'Choose…'}</option>}
            {(service?.ports ?? []).map((p) => (
              <option key={p.name} value={p.name} disabled={p.protocol !== 'soap'}>
                {p.name} — {p.protocol === 'soap' ? `SOAP ${p.soapVersion}` : 'HTTP binding (not SOAP)'}
              </option>
            ))}
          </select>
        </div>
        <div className="soap-field soap-field-wide">
          <label htmlFor="soap-operation">Operation</label>
          <select id="soap-operation" value={soap.operation} disabled={busy || !port} onChange={(e) => void apply({ service: soap.service, port: soap.port, operation: e.target.value })}>
            {operation ? null : <option value={soap.operation}>{soap.operation || 'Choose…'}</option>}
            {(port?.operations ?? []).map((o) => (
              <option key={o.name} value={o.name}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem.message}
        </p>
      ) : null}
      {soap.operation && !operation ? <p className="field-note">The WSDL has no operation “{soap.operation}” on {soap.service} / {soap.port} any more; pick one.</p> : null}
      {port && operation ? (
        <dl className="soap-declared" aria-label="What the WSDL declares">
          <div>
            <dt>Endpoint</dt>
            <dd>
              <code>{port.address || '(none)'}</code>
            </dd>
          </div>
          <div>
            <dt>Version</dt>
            <dd>SOAP {port.soapVersion}</dd>
          </div>
          <div>
            <dt>{port.soapVersion === '1.2' ? 'action' : 'SOAPAction'}</dt>
            <dd>
              <code>{operation.soapAction ? `"${operation.soapAction}"` : '"" (none declared)'}</code>
            </dd>
          </div>
          <div>
            <dt>Style</dt>
            <dd>
              {operation.style}/{operation.use}
            </dd>
          </div>
          {operation.documentation ? (
            <div>
              <dt>About</dt>
              <dd>{operation.documentation}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {port && operation ? (
        <div className="soap-operation-actions">
          <SoapChecks view={view} />
          <button type="button" className="small-button" disabled={busy} onClick={() => void apply({ service: soap.service, port: soap.port, operation: soap.operation })}>
            Reset envelope and headers
          </button>
        </div>
      ) : null}
    </div>
  );
}
