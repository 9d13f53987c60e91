import type { WsdlWarning } from '../../../core';

/** What did not stop the load but matters: imports that could not be read, dangling references. */
export function WsdlWarnings({ warnings }: { warnings: WsdlWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <details className="soap-warnings" data-testid="wsdl-warnings">
      <summary>
        <span className="badge badge-warn">
          {warnings.length} warning{warnings.length === 1 ? '' : 's'}
        </span>{' '}
        while reading the description
      </summary>
      <ul aria-label="WSDL warnings">
        {warnings.map((warning, index) => (
          <li key={index}>
            {warning.message} <span className="muted small">— {warning.url}</span>
            {warning.importedFrom ? <span className="muted small"> (imported from {warning.importedFrom})</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
