import { describe, expect, it } from 'vitest';
import { BlockBytes, BLOCK_SIZE } from './blockBytes';
import { searchBytes } from './byteSearch';
import { documentOf, viewText } from './formatTestKit';

describe('BodyDocument', () => {
  it('decides the kind and charset from the first bytes and reports a contradiction', () => {
    const doc = documentOf('<!DOCTYPE html><html><body>Login</body></html>', 'application/json');
    expect(doc.meta?.kind).toBe('html');
    expect(doc.meta?.contradiction?.title).toBe('Declared application/json, looks like an HTML page');
  });

  it('transcodes other charsets to UTF-8 so every view reads the same text', () => {
    const latin1 = Uint8Array.from([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]);
    const doc = documentOf(latin1, 'text/xml; charset=iso-8859-1');
    expect(doc.meta?.charset.encoding).toBe('windows-1252');
    expect(viewText(doc)).toBe('<a>é</a>');
  });

  it('drops a UTF-8 byte order mark and decodes UTF-16 by its BOM', () => {
    expect(viewText(documentOf(Uint8Array.from([0xef, 0xbb, 0xbf, 0x5b, 0x31, 0x5d]), 'application/json'))).toBe('[\n  1\n]');
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x5b, 0, 0x32, 0, 0x5d, 0]);
    expect(viewText(documentOf(utf16, 'application/json', { piece: 1 }))).toBe('[\n  2\n]');
  });

  it('finds the first invalid UTF-8 byte, even when a sequence spans pieces', () => {
    const good = new TextEncoder().encode('["✓✓✓✓"]');
    expect(documentOf(good, 'application/json', { piece: 1 }).progress().invalidUtf8).toBeUndefined();
    const bad = Uint8Array.from([0x5b, 0x22, 0x61, 0xff, 0x22, 0x5d]);
    expect(documentOf(bad, 'application/json').progress().invalidUtf8).toEqual({ offset: 3 });
  });

  it('maps search hits to display lines, case-insensitively by default', () => {
    const doc = documentOf('{"name":"Ada","items":[{"name":"ADA"}]}', 'application/json');
    expect(doc.search('pretty', 'ada', false).lines).toEqual([1, 4]);
    expect(doc.search('pretty', 'ADA', true).lines).toEqual([4]);
  });

  it('concludes with the small text and a SOAP fault', () => {
    const fault =
      '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><env:Fault><env:Code><env:Value>env:Sender</env:Value></env:Code><env:Reason><env:Text xml:lang="en">Bad input</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>';
    const conclusion = documentOf(fault, 'application/soap+xml').conclude();
    expect(conclusion.smallText).toBe(fault);
    expect(conclusion.soap?.version).toBe('1.2');
    expect(conclusion.soap?.fault).toMatchObject({ code: 'env:Sender', reason: 'Bad input' });
  });

  it('keeps no copy of binary bodies', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const doc = documentOf(png, 'image/png');
    expect(doc.meta?.kind).toBe('image');
    expect(doc.progress().textBytes).toBe(0);
  });
});

describe('BlockBytes and searchBytes', () => {
  it('stores across block edges and finds matches that straddle them', () => {
    const bytes = new BlockBytes();
    const filler = new Uint8Array(BLOCK_SIZE - 3).fill(0x2e);
    bytes.append(filler);
    bytes.append(new TextEncoder().encode('NeedLE..needle'));
    expect(bytes.length).toBe(BLOCK_SIZE + 11);
    expect(new TextDecoder().decode(bytes.slice(BLOCK_SIZE - 3, BLOCK_SIZE + 3))).toBe('NeedLE');
    expect(searchBytes(bytes, 'needle', 0, bytes.length).offsets).toEqual([BLOCK_SIZE - 3, BLOCK_SIZE + 5]);
    expect(searchBytes(bytes, 'needle', 0, bytes.length, { caseSensitive: true }).offsets).toEqual([BLOCK_SIZE + 5]);
    expect(searchBytes(bytes, '.', 0, bytes.length, { limit: 2 })).toEqual({ offsets: [0, 1], truncated: true });
  });
});

describe('BodyDocument.indexAll', () => {
  it('gives the whole text of a view opened after the body ended', async () => {
    const { BodyDocument } = await import('./bodyDocument');
    const doc = new BodyDocument('text/plain');
    doc.append(new TextEncoder().encode('a\nb'));
    doc.end();
    doc.open('raw');
    expect(doc.textParts('raw').join('')).toBe('');
    doc.indexAll('raw');
    expect(doc.textParts('raw').join('')).toBe('a\nb');
  });
});

describe('BodyDocument of a live stream', () => {
  it('is decided at the first small event of an event stream or NDJSON, not after a sniffing prefix', async () => {
    const { BodyDocument } = await import('./bodyDocument');
    for (const type of ['text/event-stream', 'application/x-ndjson; charset=utf-8', 'application/json-seq']) {
      const doc = new BodyDocument(type);
      doc.append(new TextEncoder().encode(type === 'text/event-stream' ? 'id: 1\ndata: {"n":1}\n\n' : '{"n":1}\n'));
      expect(doc.meta, type).toBeDefined();
      expect(doc.progress().textBytes, type).toBeGreaterThan(0);
    }
  });
  it('still waits for the prefix for an ordinary document', async () => {
    const { BodyDocument } = await import('./bodyDocument');
    const doc = new BodyDocument('application/json');
    doc.append(new TextEncoder().encode('{"n":'));
    expect(doc.meta).toBeUndefined();
  });
});
