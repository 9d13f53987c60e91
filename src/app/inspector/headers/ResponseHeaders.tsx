/**
 * Response headers exactly as received — wire order, repeated names kept apart — each
 * known one with a disclosure explaining it (parsed by core: directives, cookie
 * attributes, challenges, media type, dates) and any problem with its value.
 */
import { useMemo, useState } from 'react';
import { explainResponseHeader, type HeaderExplanation, type HeaderField, type WireRequest } from '../../../core';
import { FindingList, Reference } from '../status/FindingList';

export interface ResponseHeadersProps {
  headers: readonly HeaderField[];
  request: WireRequest | undefined;
  status: number;
}

function HeaderRow({ field, index, explanation, repeat }: { field: HeaderField; index: number; explanation: HeaderExplanation | undefined; repeat: number }) {
  const [open, setOpen] = useState(false);
  const detailsId = `response-header-${index}-explained`;
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

export function ResponseHeaders({ headers, request, status }: ResponseHeadersProps) {
  const rows = useMemo(() => {
    const counts = new Map<string, number>();
    for (const h of headers) counts.set(h.name.toLowerCase(), (counts.get(h.name.toLowerCase()) ?? 0) + 1);
    const now = new Date();
    return headers.map((field) => ({
      field,
      repeat: counts.get(field.name.toLowerCase()) ?? 1,
      explanation: explainResponseHeader(field, { ...(request ? { request } : {}), status, now }),
    }));
  }, [headers, request, status]);
  return (
    <table className="header-list" aria-label="Response headers">
      <tbody>
        {rows.map((row, i) => (
          <HeaderRow key={i} index={i} field={row.field} explanation={row.explanation} repeat={row.repeat} />
        ))}
      </tbody>
    </table>
  );
}
