/**
 * A text file as newman reads it: UTF-8, with or without a byte order mark, or UTF-16 (LE or
 * BE) when it starts with that encoding's byte order mark (Windows tools save Postman
 * environments so). The mark itself is not part of the text.
 */
import { readFile } from 'node:fs/promises';

/** The text of bytes read from a file, by their byte order mark (UTF-8 without one). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  return new TextDecoder('utf-8').decode(bytes);
}

/** Reads a file's text (see decodeText); a read failure is thrown as Node gives it. */
export async function readTextFile(file: string): Promise<string> {
  return decodeText(await readFile(file));
}
