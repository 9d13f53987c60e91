/** A SOAP Fault as a card: code (and who is to blame), reason, actor/node/role and detail. */
import { describeSoapFault, type SoapFault } from '../../../core';

export function SoapFaultCard({ fault }: { fault: SoapFault }) {
  const meaning = describeSoapFault(fault);
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
    </section>
  );
}
