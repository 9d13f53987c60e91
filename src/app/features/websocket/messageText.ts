import type { WebSocketMessage } from '../../../core/protocols/websocket/transcript';

/** 12 B, 3.4 KB, 1.2 MB. */
export function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** hh:mm:ss.mmm in the person's time zone. */
export function clockTime(at: number): string {
  const d = new Date(at);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

export function previewOf(m: WebSocketMessage): string {
  if (m.opcode === 'close') return `${m.code ?? ''} ${m.reason ?? ''}`.trim();
  if (m.opcode === 'binary') return `binary, base64 ${(m.data ?? '').slice(0, 120)}`;
  return (m.text ?? '').slice(0, 300).replace(/\s+/g, ' ');
}
