/**
 * After a reload, a response whose body history did not keep says so, and why, instead of
 * "No body." (issue 27): too large for history, text too large to check for secrets, or
 * refused by the browser's storage. A body that was empty stays plainly empty.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../core';
import { notKeptSentence } from '../bodyBudget';
import { exchangeFromHistory } from './useRestoredResponse';

const MB = 1024 * 1024;
function entry(size: number, type: string, ref?: string): HistoryEntry {
  return {
    id: 'his_1',
    at: new Date(0).toISOString(),
    draft: { id: 'd1' } as HistoryEntry['draft'],
    wire: { method: 'GET', url: 'http://h/x', headers: [] } as HistoryEntry['wire'],
    status: 200,
    reason: 'OK',
    responseHeaders: [{ name: 'Content-Type', value: type }],
    sizes: { responseBodyDecoded: size },
    timings: { dns: 0, connect: 0, tls: 0, send: 0, firstByte: 0, download: 0, total: 1, reusedConnection: false },
    ...(ref ? { responseBodyRef: ref } : {}),
  };
}

describe('a restored response says why its body is missing', () => {
  it('a 50 MB body: history keeps up to 25 MB', () => {
    const exchange = exchangeFromHistory(entry(50 * MB, 'application/json'), undefined);
    expect(exchange.bodyNotKept).toEqual({ reason: 'history-size', keptBytes: 0, totalBytes: 50 * MB });
    expect(notKeptSentence(exchange.bodyNotKept!)).toBe('This body of 50.0 MiB was not kept after the reload: history stores bodies up to 25.0 MiB. Send the request again to see it.');
  });
  it('a 20 MB JSON body: too large to check for secrets', () => {
    expect(exchangeFromHistory(entry(20 * MB, 'application/json'), undefined).bodyNotKept?.reason).toBe('history-unchecked');
  });
  it('a small body the storage refused', () => {
    expect(exchangeFromHistory(entry(2048, 'application/json'), undefined).bodyNotKept?.reason).toBe('history-storage');
  });
  it('an empty body, or one that came back, says nothing', () => {
    expect(exchangeFromHistory(entry(0, 'application/json'), undefined).bodyNotKept).toBeUndefined();
    expect(exchangeFromHistory(entry(3, 'text/plain', 'his_1'), Uint8Array.of(1, 2, 3)).bodyNotKept).toBeUndefined();
  });
});
