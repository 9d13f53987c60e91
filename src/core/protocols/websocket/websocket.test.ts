import { describe, expect, it } from 'vitest';
import { checkAccept, expectedAccept } from './accept';
import { closeCodeProblem, closeReasonProblem, explainCloseCode } from './closeCodes';
import { base64Of, bytesFromBase64, bytesFromHex, encodeMessage, hexOf } from './messageFormat';
import { receivedForRun } from './transcript';

describe('Sec-WebSocket-Accept', () => {
  it('matches the example of RFC 6455 §1.3', async () => {
    expect(await expectedAccept('dGhlIHNhbXBsZSBub25jZQ==')).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    expect((await checkAccept('dGhlIHNhbXBsZSBub25jZQ==', 's3pPLMBiTxaQ9kYGzzhZRbK+xOo=')).ok).toBe(true);
  });
  it('says what a wrong or missing value means', async () => {
    const wrong = await checkAccept('dGhlIHNhbXBsZSBub25jZQ==', 'AAAA');
    expect(wrong.ok).toBe(false);
    expect(wrong.explanation).toContain('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    expect((await checkAccept('x', undefined)).explanation).toContain('no Sec-WebSocket-Accept');
  });
});

describe('close codes', () => {
  it('explains every code of RFC 6455 §7.4.1 and the IANA additions', () => {
    for (let code = 1000; code <= 1015; code++) expect(explainCloseCode(code).name).not.toMatch(/Reserved for the protocol/);
    expect(explainCloseCode(1009).name).toBe('Message too big');
    expect(explainCloseCode(1011).meaning).toContain('unexpected');
    expect(explainCloseCode(1012).source).toBe('IANA registry');
  });
  it('explains the ranges', () => {
    expect(explainCloseCode(3008).source).toBe('library range');
    expect(explainCloseCode(4321).source).toBe('application range');
    expect(explainCloseCode(2000).sendable).toBe(false);
    expect(explainCloseCode(999).name).toBe('Unused');
    expect(explainCloseCode(5000).name).toBe('Invalid code');
  });
  it('refuses codes that are only reported, and long reasons', () => {
    expect(closeCodeProblem(1000)).toBeNull();
    expect(closeCodeProblem(4000)).toBeNull();
    expect(closeCodeProblem(1006)).toContain('cannot be sent');
    expect(closeCodeProblem(1005)).toContain('cannot be sent');
    expect(closeReasonProblem('x'.repeat(123))).toBeNull();
    expect(closeReasonProblem('é'.repeat(62))).toContain('124 bytes');
  });
});

describe('message formats', () => {
  it('checks JSON with line and column', () => {
    const bad = encodeMessage('json', '{\n  "a": 1,\n  "b": }');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.message).toMatch(/line 3, column 8/);
      expect(bad.error.position?.line).toBe(3);
    }
    expect(encodeMessage('json', '{"a":1}')).toEqual({ ok: true, value: { opcode: 'text', text: '{"a":1}' } });
  });
  it('reads hex and names a bad digit', () => {
    const bytes = bytesFromHex('0x01 ab:FF');
    expect(bytes.ok && [...bytes.value]).toEqual([1, 0xab, 0xff]);
    const bad = bytesFromHex('01 0g');
    expect(!bad.ok && bad.error.message).toContain('"g" at line 1, column 5');
    expect(!bytesFromHex('abc').ok).toBe(true);
    expect(hexOf(new Uint8Array([1, 0xab]))).toBe('01 ab');
  });
  it('reads base64 in both alphabets and names a bad character', () => {
    const bytes = bytesFromBase64('AQL/');
    expect(bytes.ok && [...bytes.value]).toEqual([1, 2, 255]);
    const url = bytesFromBase64('AQL_');
    expect(url.ok && [...url.value]).toEqual([1, 2, 255]);
    expect(base64Of(new Uint8Array([1, 2, 255]))).toBe('AQL/');
    const bad = bytesFromBase64('AQ*L');
    expect(!bad.ok && bad.error.message).toContain('"*" at line 1, column 3');
    expect(encodeMessage('base64', 'AQL/')).toMatchObject({ ok: true, value: { opcode: 'binary' } });
  });
});

describe('run body', () => {
  it('parses JSON messages and keeps text and binary', () => {
    const body = receivedForRun([
      { seq: 1, direction: 'sent', opcode: 'text', at: 0, size: 2, text: 'hi' },
      { seq: 2, direction: 'received', opcode: 'text', at: 0, size: 7, text: '{"a":1}' },
      { seq: 3, direction: 'received', opcode: 'text', at: 0, size: 2, text: 'hi' },
      { seq: 4, direction: 'received', opcode: 'binary', at: 0, size: 1, data: 'AQ==' },
      { seq: 5, direction: 'received', opcode: 'pong', at: 0, size: 0 },
    ]);
    expect(body).toEqual([{ a: 1 }, 'hi', { binary: 'AQ==' }]);
  });
});
