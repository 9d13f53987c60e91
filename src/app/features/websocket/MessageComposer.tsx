/**
 * Writes a message: text, JSON (checked as typed, the fault's line and column shown), or
 * binary as hex or base64; a file's bytes can be loaded as base64. Send, Ping, and Save,
 * which keeps the message on the draft's settings (saved with the request).
 */
import { useMemo, useState } from 'react';
import { draftRowId } from '../../../core';
import { base64Of, encodeMessage, MESSAGE_FORMATS, type MessageFormat } from '../../../core/protocols/websocket/messageFormat';
import { emptyWebSocketSettings, type SavedWebSocketMessage } from '../../../core/protocols/websocket/settings';
import { useWorkbench } from '../../base/state/StoreProvider';
import { ping, sendBinary, sendText } from './connection';
import { SavedMessages } from './SavedMessages';

export function MessageComposer({ tabId, open }: { tabId: string; open: boolean }) {
  const [format, setFormat] = useState<MessageFormat>('json');
  const [body, setBody] = useState('{\n  "hello": "world"\n}');
  const [note, setNote] = useState('');
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const encoded = useMemo(() => encodeMessage(format, body), [format, body]);
  const problem = encoded.ok ? undefined : encoded.error.message;
  const send = (f: MessageFormat = format, text: string = body) => {
    const message = encodeMessage(f, text);
    if (!message.ok) return setNote(`Not sent: ${message.error.message}`);
    const sent = message.value.opcode === 'text' ? sendText(tabId, message.value.text) : sendBinary(tabId, base64Of(message.value.bytes));
    setNote(sent ? '' : 'Not sent: the WebSocket is not open. Connect first.');
  };
  const save = () => {
    const name = body.trim().split('\n')[0]!.slice(0, 40) || 'Message';
    const saved: SavedWebSocketMessage = { id: draftRowId('wsmsg'), name, format, body };
    updateDraft((d) => {
      const settings = d.websocket ?? emptyWebSocketSettings();
      return { ...d, websocket: { ...settings, messages: [...settings.messages, saved] } };
    });
  };
  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    setFormat('base64');
    setBody(base64Of(bytes));
    setNote(`Loaded ${file.name} (${bytes.length} bytes) as base64.`);
  };
  return (
    <div className="ws-message-composer">
      <div className="ws-message-toolbar">
        <label>
          Format{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as MessageFormat)}>
            {MESSAGE_FORMATS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="ws-file">
          From a file <input type="file" onChange={(e) => void loadFile(e.target.files?.[0])} />
        </label>
      </div>
      <textarea
        className="ws-message-body"
        aria-label="Message to send"
        aria-invalid={problem ? true : undefined}
        aria-describedby="ws-message-problem"
        spellCheck={false}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            send();
          }
        }}
      />
      <p id="ws-message-problem" className={problem ? 'field-error' : 'visually-hidden'} role={problem ? 'alert' : undefined}>
        {problem ?? ''}
      </p>
      <div className="ws-message-actions">
        <button type="button" className="primary" onClick={() => send()} disabled={!open || !!problem} aria-keyshortcuts="Control+Enter Meta+Enter">
          Send message
        </button>
        <button type="button" onClick={() => setNote(ping(tabId) ? '' : 'Not sent: the WebSocket is not open.')} disabled={!open}>
          Ping
        </button>
        <button type="button" onClick={save} disabled={!!problem}>
          Save message
        </button>
        <span className="muted" role="status">
          {note}
        </span>
      </div>
      <SavedMessages
        open={open}
        onUse={(m) => {
          setFormat(m.format);
          setBody(m.body);
        }}
        onSend={(m) => send(m.format, m.body)}
      />
    </div>
  );
}
