/** Close with a code and a reason; the code is checked (1005, 1006, 1015… cannot be sent) and explained as typed. */
import { useState } from 'react';
import { closeCodeProblem, closeReasonProblem, explainCloseCode } from '../../../core/protocols/websocket/closeCodes';
import { disconnect } from './connection';

export function CloseControls({ tabId, open }: { tabId: string; open: boolean }) {
  const [code, setCode] = useState('1000');
  const [reason, setReason] = useState('');
  const number = Number(code);
  const problem = code.trim() === '' ? 'Type a close code.' : (closeCodeProblem(number) ?? closeReasonProblem(reason));
  const meaning = !problem ? explainCloseCode(number) : undefined;
  return (
    <fieldset className="ws-close">
      <legend>Close the connection</legend>
      <label>
        Code <input type="text" inputMode="numeric" size={5} value={code} onChange={(e) => setCode(e.target.value.trim())} aria-describedby="ws-close-note" aria-invalid={problem ? true : undefined} />
      </label>
      <label>
        Reason <input type="text" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="optional" />
      </label>
      <button type="button" onClick={() => disconnect(tabId, number, reason)} disabled={!open || !!problem}>
        Close with code
      </button>
      <p id="ws-close-note" className={problem ? 'field-error' : 'muted'}>
        {problem ?? `${meaning!.name}: ${meaning!.meaning}`}
      </p>
    </fieldset>
  );
}
