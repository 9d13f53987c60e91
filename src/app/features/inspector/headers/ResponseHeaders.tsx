/**
 * Response headers exactly as received — wire order, repeated names kept apart — each
 * known one with a disclosure explaining it (parsed by core: directives, cookie
 * attributes, challenges, media type, dates) and any problem with its value.
 */
import { useMemo } from 'react';
import { explainPseudoHeader, explainResponseHeader, type HeaderField, type WireRequest } from '../../../../core';
import { HeaderRow } from './HeaderRow';

export interface ResponseHeadersProps {
  headers: readonly HeaderField[];
  /** Over HTTP/2: the response's pseudo-header fields (`:status`), shown first as they came first. */
  pseudoHeaders?: readonly HeaderField[];
  request: WireRequest | undefined;
  status: number;
}

export function ResponseHeaders({ headers, pseudoHeaders = [], request, status }: ResponseHeadersProps) {
  const rows = useMemo(() => {
    const counts = new Map<string, number>();
    for (const h of headers) counts.set(h.name.toLowerCase(), (counts.get(h.name.toLowerCase()) ?? 0) + 1);
    const now = new Date();
    return [
      ...pseudoHeaders.map((field) => ({ field, repeat: 1, explanation: explainPseudoHeader(field) })),
      ...headers.map((field) => ({
        field,
        repeat: counts.get(field.name.toLowerCase()) ?? 1,
        explanation: explainResponseHeader(field, { ...(request ? { request } : {}), status, now }),
      })),
    ];
  }, [headers, pseudoHeaders, request, status]);
  return (
    <table className="header-list" aria-label="Response headers">
      <tbody>
        {rows.map((row, i) => (
          <HeaderRow key={i} id={`response-header-${i}`} field={row.field} explanation={row.explanation} repeat={row.repeat} />
        ))}
      </tbody>
    </table>
  );
}
