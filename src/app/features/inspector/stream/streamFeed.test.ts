import { describe, expect, it } from 'vitest';
import { StreamFeed, streamFeedFor } from './streamFeed';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('StreamFeed', () => {
  it('reads only the chunks added since the last update, decoding UTF-8 across chunk edges', () => {
    const euro = bytes('data: 5 \u20ac\n\n');
    const chunks = [euro.subarray(0, 9)];
    const feed = new StreamFeed('event-stream');
    expect(feed.update(chunks, 10, false)).toBe(false);
    chunks.push(euro.subarray(9));
    expect(feed.update(chunks, 25, false)).toBe(true);
    expect(feed.records).toEqual([{ kind: 'event', type: 'message', data: '5 \u20ac', id: '', dataLines: 1, line: 1, at: 25 }]);
    expect(feed.types.get('message')).toBe(1);
    expect(feed.update(chunks, 30, false)).toBe(false);
  });

  it('keeps a stream\u2019s unfinished block as partial once it ends', () => {
    const chunks = [bytes('id: 1\ndata: a\n\nid: 2\nevent: tick\ndata: hal')];
    const feed = new StreamFeed('event-stream');
    feed.update(chunks, 5, false);
    expect(feed.partial).toBeUndefined();
    expect(feed.update(chunks, 9, true)).toBe(true);
    expect(feed.partial).toEqual({ line: 4, id: '2', type: 'tick', unfinishedLine: 'data: hal' });
    expect(feed.update(chunks, 12, true)).toBe(false);
  });

  it('reads NDJSON lines, counting the bad ones, and the last line without its line end at the end', () => {
    const chunks = [bytes('{"a":1}\n{"a":\n[3]')];
    const feed = new StreamFeed('ndjson');
    feed.update(chunks, undefined, false);
    expect(feed.records.map((r) => r.kind === 'line' && [r.line, r.fault?.column ?? 0])).toEqual([
      [1, 0],
      [2, 6],
    ]);
    feed.update(chunks, undefined, true);
    expect(feed.records).toHaveLength(3);
    expect(feed.badLines).toBe(1);
  });

  it('is shared per chunk list', () => {
    const chunks: Uint8Array[] = [];
    expect(streamFeedFor(chunks, 'text')).toBe(streamFeedFor(chunks, 'text'));
    expect(streamFeedFor([], 'text')).not.toBe(streamFeedFor(chunks, 'text'));
  });
});
