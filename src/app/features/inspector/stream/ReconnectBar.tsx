/**
 * Reconnect an ended event stream as EventSource would (HTML §9.2.4): wait the reconnection
 * time the stream set with `retry` (3 s when it set none, as browsers do), then send the
 * request again with `Last-Event-ID` set to the last event's id, so a server that resumes
 * sends what follows. The header is put on the request itself, where it can be seen and removed.
 */
import { useEffect, useState } from 'react';
import { draftRowId } from '../../../../core';
import { useWorkbenchApi } from '../../../base/state/StoreProvider';

/** The reconnection time EventSource starts with before a stream sets `retry`. */
export const DEFAULT_RETRY_MS = 3000;

export function ReconnectBar({ lastId, retryMs }: { lastId: string; retryMs: number | undefined }) {
  const store = useWorkbenchApi();
  const [due, setDue] = useState<number | undefined>();
  const [now, setNow] = useState(0);
  const wait = retryMs ?? DEFAULT_RETRY_MS;
  useEffect(() => {
    if (due === undefined) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    const fire = setTimeout(() => {
      setDue(undefined);
      store.getState().updateDraft((d) => ({
        ...d,
        headers: [...d.headers.filter((h) => h.name.toLowerCase() !== 'last-event-id'), ...(lastId ? [{ id: draftRowId('h'), enabled: true, name: 'Last-Event-ID', value: lastId }] : [])],
      }));
      store.getState().requestSend({ origin: 'tab' });
    }, Math.max(due - Date.now(), 0));
    return () => {
      clearInterval(tick);
      clearTimeout(fire);
    };
  }, [due, lastId, store]);
  const left = due === undefined ? 0 : Math.max(0, Math.ceil((due - (now || Date.now())) / 1000));
  return (
    <div className="stream-reconnect">
      {due === undefined ? (
        <button type="button" onClick={() => ((setNow(Date.now()), setDue(Date.now() + wait)))}>
          Reconnect{lastId ? ` with Last-Event-ID: ${lastId}` : ''}
        </button>
      ) : (
        <button type="button" onClick={() => setDue(undefined)}>
          Stop reconnecting
        </button>
      )}
      <span className="muted" role="status">
        {due !== undefined ? `Reconnecting in ${left} s (the stream's retry: ${wait} ms)…` : `Waits ${wait} ms first${retryMs === undefined ? ' (no retry was set: the browsers’ usual 3 s)' : ', as the stream’s retry asks'}; ${lastId ? 'the server can resume after that event.' : 'no id was set, so the server starts over.'}`}
      </span>
    </div>
  );
}
