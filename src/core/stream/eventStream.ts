/**
 * `text/event-stream` read as a browser's EventSource reads it (HTML Living Standard,
 * "Server-sent events", §9.2.6 Interpreting an event stream), but keeping everything a
 * person debugging a stream wants to see: each dispatched event with its type, data and
 * last event id, the comments, the retry values, the lines the grammar ignores, and at the
 * end the block that never got its blank line (an EventSource drops it silently).
 *
 * Pure and incremental: feed text as it arrives with the moment it arrived.
 */
import { LineSplitter } from './lineSplitter';

/** An event the stream dispatched (a blank line ended a block whose data buffer was not empty). */
export interface StreamEvent {
  kind: 'event';
  /** The event type: the `event` field, or `message` when there was none. */
  type: string;
  /** The `data` lines of the block joined with LF. */
  data: string;
  /** The last event ID string at dispatch (what `MessageEvent.lastEventId` holds); '' when none. */
  id: string;
  /** How many `data` lines the block had. */
  dataLines: number;
  /** The first line of the block (1-based). */
  line: number;
  /** When the blank line that dispatched it arrived (ms after the exchange began), if known. */
  at?: number;
}

/** A comment line (`: …`), often a keep-alive. */
export interface StreamComment {
  kind: 'comment';
  text: string;
  line: number;
  at?: number;
}

/** A valid `retry` field: the reconnection time EventSource will use from now on. */
export interface StreamRetry {
  kind: 'retry';
  ms: number;
  line: number;
  at?: number;
}

/** A line the grammar reads but ignores, with why. */
export interface StreamIgnoredLine {
  kind: 'ignored';
  text: string;
  reason: string;
  line: number;
  at?: number;
}

/** One entry of the event list, in stream order. */
export type EventStreamRecord = StreamEvent | StreamComment | StreamRetry | StreamIgnoredLine;

/** A block the stream had begun but not ended with a blank line: never dispatched. */
export interface PartialEvent {
  /** The `event` field seen so far, if any. */
  type?: string;
  /** The `data` lines seen so far, joined with LF (undefined when there were none). */
  data?: string;
  /** An `id` field seen in this block, if any. */
  id?: string;
  /** The first line of the block, or of the unfinished line when the block has no complete line. */
  line: number;
  /** Text after the last line end: a line cut off before its end. */
  unfinishedLine?: string;
}

/** Incremental event-stream parser. */
export class EventStreamParser {
  private readonly lines = new LineSplitter();
  private started = false;
  private data: string[] = [];
  private type = '';
  private lastEventId = '';
  private blockId: string | undefined;
  private blockLine = 0;
  private at: number | undefined;

  /** Adds decoded text that arrived at `at` (ms after the exchange began) and returns the records it completes. */
  push(text: string, at?: number): EventStreamRecord[] {
    if (typeof text !== 'string') throw new TypeError(`EventStreamParser.push expects a string, got ${typeof text}`);
    if (!this.started && text.length) {
      this.started = true;
      // One U+FEFF at the very start is a byte order mark, not part of the first field name.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.at = at;
    const out: EventStreamRecord[] = [];
    for (const line of this.lines.push(text)) this.readLine(line.text, line.number, out);
    return out;
  }

  /** The last event ID string: what a reconnecting EventSource would send as `Last-Event-ID`. */
  get lastId(): string {
    return this.lastEventId;
  }

  /**
   * The block in progress, if the stream has begun one: what the stream holds that no
   * blank line has dispatched. At the end of the stream it is discarded, as EventSource does.
   */
  pending(): PartialEvent | undefined {
    const unfinished = this.lines.unfinished;
    if (!this.blockLine && !unfinished) return undefined;
    return {
      line: this.blockLine || this.lines.lineCount + 1,
      ...(this.type ? { type: this.type } : {}),
      ...(this.data.length ? { data: this.data.join('\n') } : {}),
      ...(this.blockId !== undefined ? { id: this.blockId } : {}),
      ...(unfinished ? { unfinishedLine: unfinished } : {}),
    };
  }

  private stamp<T extends EventStreamRecord>(record: T): T {
    if (this.at !== undefined) record.at = this.at;
    return record;
  }

  private readLine(line: string, number: number, out: EventStreamRecord[]): void {
    if (line === '') return this.dispatch(out);
    if (line.charCodeAt(0) === 0x3a) {
      out.push(this.stamp({ kind: 'comment', text: line.slice(1).replace(/^ /, ''), line: number }));
      return;
    }
    this.blockLine ||= number;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    switch (field) {
      case 'event':
        this.type = value;
        return;
      case 'data':
        this.data.push(value);
        return;
      case 'id':
        if (value.includes('\u0000')) {
          out.push(this.stamp({ kind: 'ignored', text: line, reason: 'An id containing U+0000 NULL is ignored.', line: number }));
          return;
        }
        this.blockId = value;
        this.lastEventId = value;
        return;
      case 'retry':
        if (/^[0-9]+$/.test(value)) out.push(this.stamp({ kind: 'retry', ms: Number(value), line: number }));
        else out.push(this.stamp({ kind: 'ignored', text: line, reason: 'retry must be ASCII digits only (milliseconds); this one is ignored.', line: number }));
        return;
      default:
        out.push(this.stamp({ kind: 'ignored', text: line, reason: `"${field}" is not a field of the event-stream format (event, data, id, retry); the line is ignored.`, line: number }));
    }
  }

  /** A blank line: the block's event is dispatched if it has data; the buffers start over either way. */
  private dispatch(out: EventStreamRecord[]): void {
    if (this.data.length) {
      out.push(
        this.stamp({ kind: 'event', type: this.type || 'message', data: this.data.join('\n'), id: this.lastEventId, dataLines: this.data.length, line: this.blockLine }),
      );
    }
    this.data = [];
    this.type = '';
    this.blockId = undefined;
    this.blockLine = 0;
  }
}

/** Parses a whole event stream at once: the records, and the block left undispatched at its end. */
export function parseEventStream(text: string): { records: EventStreamRecord[]; partial?: PartialEvent; lastId: string } {
  const parser = new EventStreamParser();
  const records = parser.push(text);
  const partial = parser.pending();
  return { records, ...(partial ? { partial } : {}), lastId: parser.lastId };
}
