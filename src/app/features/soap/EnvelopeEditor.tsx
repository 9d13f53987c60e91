import { useMemo } from 'react';
import { checkSoapEnvelope, type WsdlQName } from '../../../core';
import { CodeField } from '../../base/editors/lazyCodeField';
import { useWorkbench } from '../../base/state/StoreProvider';
import type { SoapExpectation } from './soapSlice';

export interface EnvelopeEditorProps {
  /** The element the operation's Body must hold, when the WSDL is loaded. */
  bodyElement?: WsdlQName;
  expected?: SoapExpectation;
}

const qname = (name: WsdlQName) => (name.ns ? `{${name.ns}}${name.local}` : name.local);

/**
 * The envelope — the request's XML body — in an XML editor, checked as it is typed:
 * malformed XML or a misshapen Envelope is marked in the text and said with its line and
 * column; a Body that does not hold the operation's element, or an Envelope of the other
 * SOAP version, is pointed out before a server answers with a fault.
 */
export function EnvelopeEditor({ bodyElement, expected }: EnvelopeEditorProps) {
  const text = useWorkbench((s) => s.draft.body.texts.xml);
  const kind = useWorkbench((s) => s.draft.body.kind);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const check = useMemo(() => (text.trim() === '' ? undefined : checkSoapEnvelope(text)), [text]);

  let verdict: { tone: 'error' | 'warn' | 'ok'; message: string } | undefined;
  if (check && !check.ok) {
    const at = check.error.position;
    verdict = { tone: 'error', message: at && !/line \d+/.test(check.error.message) ? `Line ${at.line}, column ${at.column}: ${check.error.message}` : check.error.message };
  } else if (check?.ok) {
    const facts = check.value;
    const first = facts.bodyElements[0];
    if (expected && facts.soapVersion !== expected.version) {
      verdict = { tone: 'warn', message: `This is a SOAP ${facts.soapVersion} Envelope, but the port speaks SOAP ${expected.version}; the server will answer VersionMismatch.` };
    } else if (bodyElement && (!first || first.ns !== bodyElement.ns || first.local !== bodyElement.local)) {
      verdict = {
        tone: 'warn',
        message: `The Body holds ${first ? qname(first) : 'nothing'}, but the operation expects ${qname(bodyElement)} (namespace included).`,
      };
    } else {
      verdict = { tone: 'ok', message: `Well-formed SOAP ${facts.soapVersion} envelope${first ? `; the Body holds ${first.local}` : ''}.` };
    }
  }

  return (
    <div className="soap-envelope">
      {kind !== 'xml' ? (
        <p className="field-note">
          The body is set to {kind}, so this envelope is not sent.{' '}
          <button type="button" className="small-button" onClick={() => updateDraft((d) => ({ ...d, body: { ...d.body, kind: 'xml' } }))}>
            Send the envelope as the body
          </button>
        </p>
      ) : null}
      <p className="soap-envelope-head">
        <strong>Envelope</strong>{' '}
        <span id="soap-envelope-check" className={verdict?.tone === 'error' ? 'field-error' : verdict?.tone === 'warn' ? 'field-note' : 'ok-note'} data-testid="envelope-check">
          {verdict?.message ?? 'Pick an operation to get its sample envelope, or type one.'}
        </span>
      </p>
      <CodeField
        label="SOAP envelope"
        language="xml"
        value={text}
        minHeight="12rem"
        describedBy="soap-envelope-check"
        {...(check && !check.ok && check.error.position ? { errorOffset: check.error.position.offset } : {})}
        onChange={(value) => updateDraft((d) => ({ ...d, body: { ...d.body, kind: 'xml', texts: { ...d.body.texts, xml: value } } }))}
      />
    </div>
  );
}
