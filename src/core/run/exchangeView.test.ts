import { describe, expect, it } from 'vitest';
import { wireResponse } from '../http/exchangeFixtures';
import type { HistoryEntry } from '../workspace/model';
import { decodeBodyText, exchangeView, exchangeViewOfHistory, wireRequestOfView, wireResponseOfView } from './exchangeView';

const request = { method: 'POST', url: 'https://api.test/orders', headers: [{ name: 'Accept', value: 'application/json' }], bodyText: '{"a":1}' };
const bytes = (...values: number[]) => new Uint8Array(values);

describe('exchangeView', () => {
  it('keeps headers in wire order with repeats, and sizes a text body in UTF-8 bytes', () => {
    const view = exchangeView({ request, response: wireResponse(201, ['Set-Cookie: a=1', 'Location: /orders/1', 'Set-Cookie: b=2']), body: { text: 'héllo ✓' }, durationMs: 12 });
    expect(view.headers.map((h) => h.name)).toEqual(['Set-Cookie', 'Location', 'Set-Cookie']);
    expect(view).toMatchObject({ status: 201, reason: '', bodyText: 'héllo ✓', sizeBytes: 10, durationMs: 12 });
    expect(view.bodyAbsence).toBeUndefined();
  });

  it.each([
    ['text', { text: '' }],
    ['bytes', { bytes: bytes() }],
    ['absent', { absent: 'empty' as const }],
  ])('an empty body (%s) reads as "" with absence "empty" and size 0', (_name, body) => {
    expect(exchangeView({ request, response: wireResponse(204), body })).toMatchObject({ bodyText: '', bodyAbsence: 'empty', sizeBytes: 0 });
  });

  it('decodes bytes by the Content-Type charset', () => {
    const view = exchangeView({ request, response: wireResponse(200, ['Content-Type: text/plain; charset=iso-8859-1']), body: { bytes: bytes(0x63, 0x61, 0x66, 0xe9) } });
    expect(view).toMatchObject({ bodyText: 'café', sizeBytes: 4 });
  });

  it('marks bytes with control characters as binary and keeps their size', () => {
    const view = exchangeView({ request, response: wireResponse(200, ['Content-Type: image/png']), body: { bytes: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0) } });
    expect(view).toMatchObject({ bodyAbsence: 'binary', sizeBytes: 10 });
    expect(view.bodyText).toBeUndefined();
  });

  it('reads a UTF-16 body with a BOM although it contains NUL bytes', () => {
    expect(decodeBodyText(bytes(0xff, 0xfe, 0x68, 0, 0x69, 0), undefined)).toBe('hi');
  });

  it('takes the body from the response when none is given, else says it was not kept', () => {
    expect(exchangeView({ request, response: wireResponse(200, [], 'ok') }).bodyText).toBe('ok');
    expect(exchangeView({ request, response: wireResponse(200) })).toMatchObject({ bodyAbsence: 'not-kept' });
  });

  it('throws a TypeError for a response without a status', () => {
    expect(() => exchangeView({ request, response: { headers: [] } as never })).toThrow(TypeError);
  });

  it('gives the explanation its request and response halves', () => {
    const view = exchangeView({ request, response: wireResponse(200, ['Content-Type: text/plain'], 'x') });
    expect(wireRequestOfView(view)).toEqual({ method: 'POST', url: 'https://api.test/orders', headers: request.headers, body: ['{"a":1}'] });
    expect(wireResponseOfView(view)).toEqual({ status: 200, reason: '', headers: [{ name: 'Content-Type', value: 'text/plain' }], bodyText: 'x' });
  });
});

describe('exchangeViewOfHistory', () => {
  const entry = {
    id: 'h1',
    at: '2026-01-01T00:00:00Z',
    draft: {} as HistoryEntry['draft'],
    wire: { method: 'GET', url: 'https://api.test/me', headers: [] },
    status: 200,
    reason: 'OK',
    durationMs: 40,
    responseHeaders: [{ name: 'Content-Type', value: 'application/json' }],
    sizes: { responseBodyDecoded: 7 },
  } satisfies HistoryEntry;

  it('builds the view from the entry and its stored body', () => {
    expect(exchangeViewOfHistory(entry, { text: '{"a":1}' })).toMatchObject({ status: 200, reason: 'OK', durationMs: 40, sizeBytes: 7, bodyText: '{"a":1}', request: { method: 'GET' } });
  });

  it('says the body was not kept when the store has none', () => {
    expect(exchangeViewOfHistory(entry)).toMatchObject({ bodyAbsence: 'not-kept', sizeBytes: 7 });
  });

  it('has no view for an entry whose request failed', () => {
    expect(exchangeViewOfHistory({ ...entry, status: undefined, error: { kind: 'dns', message: 'x' } } as HistoryEntry)).toBeUndefined();
  });
});
