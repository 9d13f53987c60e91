/** The messages kept on the draft (`draft.websocket.messages`): send again, edit, or remove. */
import { emptyWebSocketSettings, type SavedWebSocketMessage } from '../../../core/protocols/websocket/settings';
import { useWorkbench } from '../../base/state/StoreProvider';

export function SavedMessages({ open, onUse, onSend }: { open: boolean; onUse(m: SavedWebSocketMessage): void; onSend(m: SavedWebSocketMessage): void }) {
  const messages = useWorkbench((s) => s.draft.websocket?.messages) ?? [];
  const updateDraft = useWorkbench((s) => s.updateDraft);
  if (messages.length === 0) return null;
  const remove = (id: string) =>
    updateDraft((d) => {
      const settings = d.websocket ?? emptyWebSocketSettings();
      return { ...d, websocket: { ...settings, messages: settings.messages.filter((m) => m.id !== id) } };
    });
  return (
    <section className="ws-saved" aria-label="Saved messages">
      <h3>Saved messages</h3>
      <ul>
        {messages.map((m) => (
          <li key={m.id}>
            <span className="ws-saved-name" title={m.body}>
              {m.name} <span className="muted">({m.format})</span>
            </span>
            <button type="button" onClick={() => onSend(m)} disabled={!open} aria-label={`Send saved message ${m.name}`}>
              Send
            </button>
            <button type="button" onClick={() => onUse(m)} aria-label={`Edit saved message ${m.name}`}>
              Edit
            </button>
            <button type="button" onClick={() => remove(m.id)} aria-label={`Remove saved message ${m.name}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
