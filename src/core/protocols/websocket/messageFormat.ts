/**
 * A message as the person writes it, made ready to send: text as it is, JSON checked (the
 * first fault with its line and column), binary written as hex or base64 turned into bytes
 * (a bad digit named with its place). Nothing is changed in what the person typed.
 */
import { checkJsonSyntax } from '../../encoding/jsonSyntax';
import { positionOf } from '../../soap/xmlPositions';
import { fail, ok, type CoreError, type Result } from '../../types';
import type { SavedWebSocketMessage } from './settings';

export type MessageFormat = SavedWebSocketMessage['format'];

export const MESSAGE_FORMATS: readonly { id: MessageFormat; label: string }[] = [
  { id: 'text', label: 'Text' },
  { id: 'json', label: 'JSON' },
  { id: 'hex', label: 'Binary (hex)' },
  { id: 'base64', label: 'Binary (base64)' },
];

/** A message ready for the wire: a text frame's string or a binary frame's bytes. */
export type OutgoingMessage = { opcode: 'text'; text: string } | { opcode: 'binary'; bytes: Uint8Array };

/** The JSON fault of `text` with its line and column, or null when it is one JSON value. */
export function jsonMessageProblem(text: string): CoreError | null {
  const fault = checkJsonSyntax(text);
  if (!fault) return null;
  const position = positionOf(text, fault.offset);
  return { kind: 'json', message: `Not JSON at line ${position.line}, column ${position.column}: ${fault.message}`, position };
}

/** Bytes from hex digits; spaces, colons, dashes and a leading 0x are allowed between bytes. */
export function bytesFromHex(text: string): Result<Uint8Array> {
  const digits: number[] = [];
  const clean = text.replace(/0x/gi, (m, at: number) => (at === 0 || /[\s,:-]/.test(text[at - 1]!) ? '  ' : m));
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i]!;
    if (/[\s,:-]/.test(c)) continue;
    const v = parseInt(c, 16);
    if (Number.isNaN(v)) {
      const position = positionOf(text, i);
      return fail({ kind: 'hex', message: `"${c}" at line ${position.line}, column ${position.column} is not a hex digit (0–9, a–f).`, position });
    }
    digits.push(v);
  }
  if (digits.length % 2 === 1) return fail({ kind: 'hex', message: `The hex text has ${digits.length} digits, an odd number: each byte takes two digits.` });
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = digits[2 * i]! * 16 + digits[2 * i + 1]!;
  return ok(bytes);
}

/** Bytes from base64 (standard or URL-safe alphabet; whitespace ignored; padding optional). */
export function bytesFromBase64(text: string): Result<Uint8Array> {
  const compact = text.replace(/\s+/g, '');
  const bad = compact.search(/[^A-Za-z0-9+/=_-]/);
  if (bad >= 0) {
    const at = text.indexOf(compact[bad]!);
    const position = positionOf(text, at);
    return fail({ kind: 'base64', message: `"${compact[bad]}" at line ${position.line}, column ${position.column} is not a base64 character.`, position });
  }
  const body = compact.replace(/=+$/, '');
  if (body.includes('=')) return fail({ kind: 'base64', message: 'Base64 padding ("=") may only come at the end.' });
  if (body.length % 4 === 1) return fail({ kind: 'base64', message: `The base64 text has ${body.length} characters; one too many or too few to make whole bytes.` });
  const standard = body.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return ok(bytes);
}

/** The message `body` written in `format`, ready to send, or what is wrong with it and where. */
export function encodeMessage(format: MessageFormat, body: string): Result<OutgoingMessage> {
  switch (format) {
    case 'text':
      return ok({ opcode: 'text', text: body });
    case 'json': {
      const problem = jsonMessageProblem(body);
      return problem ? fail(problem) : ok({ opcode: 'text', text: body });
    }
    case 'hex': {
      const bytes = bytesFromHex(body);
      return bytes.ok ? ok({ opcode: 'binary', bytes: bytes.value }) : bytes;
    }
    case 'base64': {
      const bytes = bytesFromBase64(body);
      return bytes.ok ? ok({ opcode: 'binary', bytes: bytes.value }) : bytes;
    }
  }
}

/** Bytes as spaced hex, `01 ab ff`, cut after `max` bytes with an ellipsis. */
export function hexOf(bytes: Uint8Array, max = 4096): string {
  const shown = bytes.length > max ? bytes.subarray(0, max) : bytes;
  let out = '';
  for (let i = 0; i < shown.length; i++) out += (i ? ' ' : '') + shown[i]!.toString(16).padStart(2, '0');
  return bytes.length > max ? `${out} …` : out;
}

/** Bytes as standard base64. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
