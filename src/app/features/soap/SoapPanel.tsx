import { useWorkbench } from '../../base/state/StoreProvider';
import { EnvelopeEditor } from './EnvelopeEditor';
import { OperationPicker } from './OperationPicker';
import type { SoapLintView } from './SoapChecks';
import { activeSoapTab } from './soapSlice';
import { useWsdl } from './useWsdl';
import { summaryPort } from './wsdlSummary';
import { WsdlSource } from './WsdlSource';
import { WsSecurityForm } from './WsSecurityForm';

/**
 * The SOAP section of a SOAP tab: the WSDL (fetched through the relay, parsed in a
 * worker), service / port / operation with the request checked against the WSDL,
 * WS-Security applied at send, and the envelope in a checked XML editor (last, since it
 * is the long part). `view`: the composer's findings for the request (the SOAP rules' among them).
 */
export function SoapPanel({ view }: { view: SoapLintView }) {
  const soap = useWorkbench(activeSoapTab);
  const tabId = useWorkbench((s) => s.activeTabId);
  const wsdl = useWsdl(soap?.wsdlUrl ?? '');
  if (!soap) return <p className="muted">This tab is a plain HTTP request; choose SOAP as its request type to use a WSDL.</p>;
  const loaded = wsdl.result?.ok ? wsdl.result.value : undefined;
  const operation = loaded ? summaryPort(loaded.summary, soap.service, soap.port)?.operations.find((o) => o.name === soap.operation) : undefined;
  return (
    <section className="soap-panel" aria-labelledby="soap-title">
      <h3 id="soap-title" className="visually-hidden">
        SOAP
      </h3>
      <WsdlSource soap={soap} result={wsdl.result} loading={wsdl.loading} progress={wsdl.progress} reload={wsdl.reload} />
      <OperationPicker soap={soap} loaded={loaded} reload={wsdl.reload} view={view} />
      <WsSecurityForm soap={soap} tabId={tabId} />
      <EnvelopeEditor {...(operation?.bodyElement ? { bodyElement: operation.bodyElement } : {})} {...(soap.expected ? { expected: soap.expected } : {})} />
    </section>
  );
}
