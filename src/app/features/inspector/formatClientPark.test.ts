/**
 * Switching back to a tab's response is instant (issue 27): the format client parks a
 * complete body in the worker when another body begins and takes it back when its tab is
 * shown again, so its chunks are not sent and re-read; the page decides which bodies are
 * parked (the last few, within a byte budget) and tells the worker which to forget.
 * The worker here records what it is told.
 */
import { describe, expect, it } from 'vitest';
import { FormatClient, PARKED_BODIES } from './formatClient';
import type { ToWorker } from './workers/formatProtocol';

function recordingWorker() {
  const sent: ToWorker[] = [];
  const worker = { postMessage: (message: ToWorker) => sent.push(message), onmessage: null } as unknown as Worker;
  return { worker, sent };
}

const feed = (client: FormatClient, owner: object, bytes = 10) => {
  const resumed = client.begin('application/json', owner);
  if (!resumed) {
    client.push([new Uint8Array(bytes)]);
    client.end();
  }
  return resumed;
};

describe('format client parks complete bodies per tab', () => {
  it('takes a body shown before back from the worker without sending it again', () => {
    const { worker, sent } = recordingWorker();
    const client = new FormatClient(worker);
    const tabA = [new Uint8Array(10)];
    const tabB = [new Uint8Array(10)];
    expect(feed(client, tabA)).toBe(false);
    expect(feed(client, tabB)).toBe(false);
    const beginB = sent.filter((m) => m.type === 'begin').at(-1)!;
    expect(beginB).toMatchObject({ park: expect.any(Number) });
    sent.length = 0;
    expect(feed(client, tabA)).toBe(true);
    expect(sent.map((m) => m.type)).toEqual(['begin']);
    expect(sent[0]).toMatchObject({ resume: (beginB as { park: number }).park });
  });

  it('does not park a body that had not finished arriving', () => {
    const { worker, sent } = recordingWorker();
    const client = new FormatClient(worker);
    const tabA = [new Uint8Array(10)];
    client.begin('text/plain', tabA);
    client.push(tabA);
    client.begin('text/plain', []);
    expect(sent.filter((m) => m.type === 'begin').at(-1)).not.toHaveProperty('park');
    expect(feed(client, tabA)).toBe(false);
  });

  it(`keeps at most ${PARKED_BODIES - 1} bodies parked besides the one shown, forgetting the oldest`, () => {
    const { worker, sent } = recordingWorker();
    const client = new FormatClient(worker);
    const tabs = Array.from({ length: PARKED_BODIES + 2 }, () => [] as Uint8Array[]);
    for (const tab of tabs) feed(client, tab);
    const forgotten = sent.flatMap((m) => (m.type === 'begin' ? (m.forget ?? []) : []));
    expect(forgotten.length).toBe(2);
    // The first tab was forgotten: showing it again reads it anew.
    expect(feed(client, tabs[0]!)).toBe(false);
    expect(feed(client, tabs.at(-1)!)).toBe(true);
  });
});
