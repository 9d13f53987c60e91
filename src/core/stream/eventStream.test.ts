import { describe, expect, it } from 'vitest';
import { EventStreamParser, parseEventStream, type EventStreamRecord } from './eventStream';
import { LineSplitter } from './lineSplitter';

/** The dispatched events of a stream as `type[id]=data` strings: the spec's examples in one line each. */
function events(text: string): string[] {
  return parseEventStream(text)
    .records.filter((r) => r.kind === 'event')
    .map((e) => `${e.type}[${e.id}]=${JSON.stringify(e.data)}`);
}

/** Feeds `pieces` one by one and returns every record. */
function fed(pieces: string[]): EventStreamRecord[] {
  const parser = new EventStreamParser();
  return pieces.flatMap((p, i) => parser.push(p, i * 10));
}

describe('EventStreamParser: the HTML Living Standard examples (§9.2.5, §9.2.6)', () => {
  it('joins a block\u2019s data lines with LF', () => {
    expect(events('data: YHOO\ndata: +2\ndata: 10\n\n')).toEqual(['message[]="YHOO\\n+2\\n10"']);
  });

  it('reads the four-block stream: a comment, id 1, an empty id resetting the last id, and an undispatched last block', () => {
    const text = ': test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n';
    expect(events(text)).toEqual(['message[1]="first event"', 'message[]="second event"']);
    const { records, partial } = parseEventStream(text);
    expect(records[0]).toEqual({ kind: 'comment', text: 'test stream', line: 1 });
    expect(partial).toEqual({ line: 9, data: ' third event' });
    // With its blank line the last block fires, the leading space after the first one kept.
    expect(events(`${text}\n`)).toEqual(['message[1]="first event"', 'message[]="second event"', 'message[]=" third event"']);
  });

  it('fires an empty data and a single LF, and discards a last block without its blank line', () => {
    expect(events('data\n\ndata\ndata\n\ndata:')).toEqual(['message[]=""', 'message[]="\\n"']);
    expect(parseEventStream('data\n\ndata\ndata\n\ndata:').partial).toEqual({ line: 6, unfinishedLine: 'data:' });
  });

  it('ignores one space after the colon', () => {
    expect(events('data:test\n\ndata: test\n\n')).toEqual(['message[]="test"', 'message[]="test"']);
  });

  it('names events by their event field', () => {
    expect(events('event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n')).toEqual([
      'add[]="73857293"',
      'remove[]="2153"',
      'add[]="113411"',
    ]);
  });
});

describe('EventStreamParser: the grammar\u2019s details', () => {
  it('reads CR LF, LF and lone CR line ends alike, also mixed', () => {
    const lf = 'id: 7\nevent: tick\ndata: a\ndata: b\n\n';
    expect(events(lf.replace(/\n/g, '\r\n'))).toEqual(events(lf));
    expect(events(lf.replace(/\n/g, '\r'))).toEqual(events(lf));
    expect(events('id: 7\r\nevent: tick\rdata: a\ndata: b\r\n\r')).toEqual(['tick[7]="a\\nb"']);
  });

  it('counts a CR LF split between two pieces as one line end', () => {
    const records = fed(['data: a\r', '\ndata: b\r', '\n\r', '\n']);
    expect(records).toEqual([{ kind: 'event', type: 'message', data: 'a\nb', id: '', dataLines: 2, line: 1, at: 20 }]);
  });

  it('gives the same events whatever the pieces, down to one character at a time', () => {
    const text = '\uFEFFretry: 2500\n: hi\nid: 1\nevent: tick\ndata: {"n":1}\n\ndata: x\r\ndata: y\r\n\r\nid: 2\ndata: z\n\n';
    const whole = parseEventStream(text).records.map(({ at: _at, ...r }) => r);
    const single = fed([...text]).map(({ at: _at, ...r }) => r);
    expect(single).toEqual(whole);
    expect(whole.filter((r) => r.kind === 'event')).toHaveLength(3);
  });

  it('drops one leading byte order mark only', () => {
    expect(events('\uFEFFdata: a\n\n')).toEqual(['message[]="a"']);
    // A second U+FEFF is part of the field name, which is then no field at all.
    expect(parseEventStream('\uFEFF\uFEFFdata: a\n\n').records).toEqual([
      { kind: 'ignored', text: '\uFEFFdata: a', reason: expect.stringContaining('not a field'), line: 1 },
    ]);
  });

  it('reports retry values and ignores one that is not digits', () => {
    const { records } = parseEventStream('retry: 3000\nretry: 1.5\nretry\ndata: a\n\n');
    expect(records.map((r) => r.kind)).toEqual(['retry', 'ignored', 'ignored', 'event']);
    expect(records[0]).toMatchObject({ kind: 'retry', ms: 3000, line: 1 });
  });

  it('keeps the last event id across events and ignores an id containing NULL', () => {
    expect(events('id: 5\ndata: a\n\ndata: b\n\nid: x\u0000y\ndata: c\n\n')).toEqual(['message[5]="a"', 'message[5]="b"', 'message[5]="c"']);
    // An id in a block without data still sets the last event id.
    const parser = new EventStreamParser();
    parser.push('id: 9\n\n');
    expect(parser.lastId).toBe('9');
  });

  it('resets the event type at a blank line, with or without data', () => {
    expect(events('event: a\n\ndata: x\n\n')).toEqual(['message[]="x"']);
  });

  it('ignores unknown fields and fields with a space before the colon', () => {
    const { records } = parseEventStream('foo: bar\ndata : x\ndata: y\n\n');
    expect(records.map((r) => r.kind)).toEqual(['ignored', 'ignored', 'event']);
  });

  it('shows a block cut off mid-event as pending: its type, data, id and the unfinished line', () => {
    const parser = new EventStreamParser();
    parser.push('id: 3\nevent: tick\ndata: done\n\nid: 4\nevent: tick\ndata: first half\ndata: sec');
    expect(parser.pending()).toEqual({ line: 5, id: '4', type: 'tick', data: 'first half', unfinishedLine: 'data: sec' });
    expect(new EventStreamParser().pending()).toBeUndefined();
    const ended = new EventStreamParser();
    ended.push('data: a\n\n: bye\n');
    expect(ended.pending()).toBeUndefined();
  });

  it('stamps each record with the arrival of the piece that completed it', () => {
    const records = fed(['data: a', '\n', '\n']);
    expect(records).toEqual([{ kind: 'event', type: 'message', data: 'a', id: '', dataLines: 1, line: 1, at: 20 }]);
  });

  it('refuses what is not text', () => {
    expect(() => new EventStreamParser().push(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('LineSplitter', () => {
  it('numbers lines and keeps the unfinished rest', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('a\r\nb\rc')).toEqual([
      { text: 'a', number: 1 },
      { text: 'b', number: 2 },
    ]);
    expect(splitter.unfinished).toBe('c');
    expect(splitter.push('\r')).toEqual([{ text: 'c', number: 3 }]);
    expect(splitter.push('')).toEqual([]);
    expect(splitter.push('\n\n')).toEqual([{ text: '', number: 4 }]);
  });
});
