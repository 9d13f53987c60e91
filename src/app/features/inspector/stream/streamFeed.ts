/**
 * One streamed body read as records while its chunks arrive: the chunk list of an
 * exchange is filled in place, so the feed keeps how many chunks it has read and reads
 * only the new ones (UTF-8 decoded across chunk edges). Feeds live in a WeakMap keyed by
 * the chunk list, so the inspector's tracker and the Events view share one parse, a tab
 * switch finds the records (and their arrival times) as they were, and a new send, which
 * gets a new chunk list, starts a new feed.
 */
import { EventStreamParser, LineStreamParser, type EventStreamRecord, type PartialEvent, type StreamKind, type StreamLine } from '../../../../core';

/** A line of a line-delimited stream, tagged for the list. */
export type LineRecord = StreamLine & { kind: 'line' };
/** One entry of the list: an event-stream record or a line. */
export type FeedRecord = EventStreamRecord | LineRecord;

export class StreamFeed {
  readonly records: FeedRecord[] = [];
  /** Event types seen, with how many events each. */
  readonly types = new Map<string, number>();
  /** Lines that are not JSON (JSON line formats). */
  badLines = 0;
  /** Changes whenever records, `partial` or `ended` change. */
  version = 0;
  ended = false;
  /** The event-stream block left undispatched when the stream ended. */
  partial?: PartialEvent;
  private fed = 0;
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly events?: EventStreamParser;
  private readonly lines?: LineStreamParser;

  constructor(readonly kind: StreamKind) {
    if (kind === 'event-stream') this.events = new EventStreamParser();
    else this.lines = new LineStreamParser(kind);
  }

  /**
   * Reads the chunks added since the last call, stamped with `at` (ms after the exchange
   * began; undefined when unknown, as for a response restored from history). With `ended`
   * the stream is over: the decoder is flushed, a last unterminated line is read, and an
   * event stream's unfinished block becomes `partial`. Returns whether anything changed.
   */
  update(chunks: readonly Uint8Array[], at: number | undefined, ended: boolean): boolean {
    if (this.ended) return false;
    const before = this.records.length;
    while (this.fed < chunks.length) this.add(this.decoder.decode(chunks[this.fed++], { stream: true }), at);
    if (ended) {
      this.add(this.decoder.decode(), at);
      if (this.lines) this.take(this.lines.end(at));
      else this.partial = this.events!.pending();
      this.ended = true;
    }
    if (this.records.length === before && !ended) return false;
    this.version += 1;
    return true;
  }

  private add(text: string, at: number | undefined): void {
    if (!text) return;
    if (this.events) {
      for (const record of this.events.push(text, at)) {
        this.records.push(record);
        if (record.kind === 'event') this.types.set(record.type, (this.types.get(record.type) ?? 0) + 1);
      }
    } else this.take(this.lines!.push(text, at));
  }

  private take(lines: StreamLine[]): void {
    for (const line of lines) {
      this.records.push({ kind: 'line', ...line });
      if (line.fault) this.badLines += 1;
    }
  }
}

const feeds = new WeakMap<readonly Uint8Array[], StreamFeed>();

/** The feed of `chunks` read as `kind`, made on first use. */
export function streamFeedFor(chunks: readonly Uint8Array[], kind: StreamKind): StreamFeed {
  let feed = feeds.get(chunks);
  if (!feed || feed.kind !== kind) {
    feed = new StreamFeed(kind);
    feeds.set(chunks, feed);
  }
  return feed;
}
