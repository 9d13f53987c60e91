/**
 * Reading a response head from Node's raw header list (names and values as received, in
 * order, duplicates kept), which the relay reports as is; `response.headers` would merge
 * and lower-case them.
 */
import type { IncomingMessage } from 'node:http';
import type { HeaderField } from '../core';

/** The raw list as name/value fields, in order. */
export function toHeaderList(raw: string[]): HeaderField[] {
  const out: HeaderField[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push({ name: raw[i]!, value: raw[i + 1]! });
  return out;
}

/**
 * Bytes of the response head as received. Node hands header names and values over as Latin-1
 * strings, one character per byte received, so their length is their size on the wire
 * (`Buffer.byteLength` would count a byte above 0x7F twice, and was a tenth of the relay's
 * JavaScript time for a small answer).
 */
export function headSize(response: IncomingMessage): number {
  let size = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) size += raw[i]!.length + 2 + raw[i + 1]!.length + 2;
  return size;
}

/** Every value of a response header in the raw list, joined as Node joins a list-valued field. */
export function joinedHeader(raw: string[], lowerName: string): string {
  let joined = '';
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) joined = joined ? `${joined}, ${raw[i + 1]}` : raw[i + 1]!;
  }
  return joined;
}

/**
 * The first value of a response header (as Node keeps the first of repeated single-valued
 * fields such as Location and Content-Type), read from the raw list without building
 * `response.headers` for it.
 */
export function firstHeader(raw: string[], lowerName: string): string | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) return raw[i + 1];
  }
  return undefined;
}
