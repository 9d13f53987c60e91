/**
 * Putting a sample envelope into a draft: a SOAP call is a POST to the port's address
 * (spec §4.5) with the envelope as its XML body and the headers its SOAP version needs —
 * Content-Type and SOAPAction for 1.1, the `action` parameter of application/soap+xml
 * for 1.2 (which has no SOAPAction header). Other headers the person added are kept.
 */
import { draftRowId, draftWithUrl, type HeaderField, type HeaderRow, type RequestDraft, type SoapSample } from '../../../core';
import type { SoapExpectation } from './soapSlice';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

/**
 * `rows` with each of `headers` set: in place of the first row of that name (enabled),
 * other rows of that name removed, new ones appended; rows named in `remove` dropped.
 */
export function headerRowsWithSoap(rows: readonly HeaderRow[], headers: readonly HeaderField[], remove: readonly string[] = []): HeaderRow[] {
  const out: HeaderRow[] = [];
  const placed = new Set<string>();
  for (const row of rows) {
    if (remove.some((name) => same(row.name, name))) continue;
    const header = headers.find((h) => same(row.name, h.name));
    if (!header) {
      out.push(row);
      continue;
    }
    const key = header.name.toLowerCase();
    if (placed.has(key)) continue;
    placed.add(key);
    out.push({ ...row, enabled: true, name: header.name, value: header.value });
  }
  for (const header of headers) {
    if (!placed.has(header.name.toLowerCase())) out.push({ id: draftRowId(), enabled: true, name: header.name, value: header.value });
  }
  return out;
}

/**
 * The draft ready to send `sample`: POST to its endpoint, its headers, its envelope as the
 * XML body. The name becomes the operation's when the draft had none or had the previous
 * operation's.
 */
export function draftWithSoapSample(draft: RequestDraft, sample: SoapSample, names: { operation: string; previous?: string }): RequestDraft {
  const moved = draftWithUrl(draft, sample.endpoint);
  const remove = sample.soapVersion === '1.2' ? ['SOAPAction'] : [];
  const name = draft.name === '' || draft.name === names.previous ? names.operation : draft.name;
  return {
    ...moved,
    name,
    method: 'POST',
    headers: headerRowsWithSoap(draft.headers, sample.headers, remove),
    body: { ...draft.body, kind: 'xml', texts: { ...draft.body.texts, xml: sample.envelope } },
  };
}

/** What the lint rules compare the request against, from a sample. */
export function soapExpectationOf(sample: SoapSample): SoapExpectation {
  return { version: sample.soapVersion, action: sample.soapAction, endpoint: sample.endpoint };
}
