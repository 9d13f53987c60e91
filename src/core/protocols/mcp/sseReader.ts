/**
 * Server-Sent Events as MCP's transports carry them (WHATWG HTML §9.2 event stream): text
 * fed in chunks as it arrives, events given out as each blank line ends one. When the
 * stream ends, `finish` says whether it ended between events (clean) or in the middle of
 * one (dropped mid-message: the partial event is shown, never taken as a message).
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

export class SseReader {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private retry: number | undefined;
  private started = false;
  /** The last event id seen (for Last-Event-ID on resumption). */
  lastEventId: string | undefined;

  /** Feeds text; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A lone \r at the very end may be the first half of \r\n: wait for more.
      if (m[0] === '\r' && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const done = this.line(line);
      if (done) events.push(done);
    }
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      if (!this.started) return undefined;
      const out: SseEvent = { event: this.event || 'message', data: this.data.join('\n'), ...(this.id !== undefined ? { id: this.id } : {}), ...(this.retry !== undefined ? { retry: this.retry } : {}) };
      if (this.id !== undefined) this.lastEventId = this.id;
      this.data = [];
      this.event = '';
      this.id = undefined;
      this.retry = undefined;
      this.started = false;
      return out;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.started = true;
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }

  /** At the end of the stream: undefined when it ended between events, else what was cut off. */
  finish(): { partial: string } | undefined {
    const rest = this.buffer;
    if (!this.started && rest.trim() === '') return undefined;
    const partial = [...(this.event ? [`event: ${this.event}`] : []), ...this.data.map((d) => `data: ${d}`), ...(rest ? [rest] : [])].join('\n');
    return { partial };
  }
}

/** The sentence for a stream that dropped mid-message. */
export function droppedStreamMessage(where: string, partial: string): string {
  const shown = partial.length > 200 ? `${partial.slice(0, 200)}…` : partial;
  return `${where} ended in the middle of an event (no blank line closed it), so the message it carried is incomplete and was not used. What arrived: ${JSON.stringify(shown)}. The server or a proxy closed the connection early.`;
}
