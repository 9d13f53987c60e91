/**
 * One header field in a header table — a response header, or an HTTP/2 pseudo-header field
 * of either direction — with its one-line summary and an Explain disclosure for the parts,
 * reference and findings from core.
 */
import { useState } from 'react';
import type { HeaderExplanation, HeaderField } from '../../../../core';
import { FindingList, Reference } from '../status/FindingList';

export interface HeaderRowProps {
  field: HeaderField;
  /** Unique in the page: the explanation row's id is made from it. */
  id: string;
  explanation: HeaderExplanation | undefined;
  /** How often the name appears in the list (marked when more than once). */
  repeat: number;
}

export function HeaderRow({ field, id, explanation, repeat }: HeaderRowProps) {
  const [open, setOpen] = useState(false);
  const detailsId = `${id}-explained`;
  const problems = explanation?.findings.length ?? 0;
  return (
    <>
      <tr className={problems ? 'header-has-problem' : undefined}>
        <th scope="row">
          {field.name}
          {repeat > 1 ? <span className="header-repeat" title="This header appears more than once"> ×{repeat}</span> : null}
        </th>
        <td>
          <span className="header-value">{field.value}</span>
          {explanation ? (
            <button type="button" className="link-button" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
              {open ? 'Hide' : 'Explain'}
              <span className="visually-hidden"> {field.name}</span>
              {problems ? <span className="header-problem-badge"> ({problems} problem{problems === 1 ? '' : 's'})</span> : null}
            </button>
          ) : null}
          {explanation && !open ? <p className="header-summary">{explanation.summary}</p> : null}
        </td>
      </tr>
      {explanation && open ? (
        <tr id={detailsId} className="header-explained">
          <td colSpan={2}>
            <p>
              {explanation.summary} <Reference reference={explanation.reference} />
            </p>
            {explanation.details.length ? (
              <dl className="header-details">
                {explanation.details.map((d, i) => (
                  <div key={i}>
                    <dt>{d.label}</dt>
                    <dd>{d.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {explanation.findings.length ? <FindingList findings={explanation.findings} compact /> : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
