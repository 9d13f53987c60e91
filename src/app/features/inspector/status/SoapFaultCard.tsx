/**
 * A SOAP Fault as a card: one line with the version, who is to blame (from the code, the
 * same verdict the status card follows) and the reason; with "Explain" open (the status
 * card's toggle, remembered), what the code means, the code, subcodes, actor/node/role and
 * the detail.
 */
import { describeSoapFault, type SoapFault } from '../../../../core';
import { useExplainOpen } from './useExplainOpen';

export function SoapFaultCard({ fault }: { fault: SoapFault }) {
  const meaning = describeSoapFault(fault);
  const [open] = useExplainOpen();
  const rows: [string, string][] = [
    [fault.soapVersion === '1.1' ? 'faultcode' : 'Code', fault.code],
    ...fault.subcodes.map((code, i): [string, string] => [`Subcode ${i + 1}`, code]),
    [fault.soapVersion === '1.1' ? 'faultstring' : 'Reason', fault.reason || '(empty)'],
  ];
  if (fault.actor) rows.push(['faultactor', fault.actor]);
  if (fault.node) rows.push(['Node', fault.node]);
  if (fault.role) rows.push(['Role', fault.role]);
  return (
    <section className={`soap-fault soap-fault-${meaning.blame}`} aria-labelledby="soap-fault-title" data-testid="soap-fault">
      <h2 id="soap-fault-title">
        SOAP {fault.soapVersion} Fault: {meaning.title}
      </h2>
      <p className="soap-fault-line">
        <code>{fault.code}</code> {fault.reason || '(no reason given)'}
      </p>
      {open ? (
        <>
          <p>
            {meaning.meaning} <span className="reference">{meaning.reference}</span>
          </p>
          <dl className="soap-fault-fields">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  <code>{value}</code>
                </dd>
              </div>
            ))}
          </dl>
          {fault.detail ? (
            <details open>
              <summary>{fault.soapVersion === '1.1' ? 'detail' : 'Detail'}</summary>
              <pre className="soap-fault-detail">{fault.detail}</pre>
            </details>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
