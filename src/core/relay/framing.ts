/**
 * The byte framing of the relay protocol (see `protocol.ts`): the request's length-prefixed
 * JSON metadata, and the response's frames — a 1-byte type, a 4-byte big-endian payload
 * length, then the payload.
 */
import type { RelayRequestMeta } from './protocol';

/** Frame types of the relay's response stream. */
export const FrameType = {
  /** JSON `RelayHead`: status line and headers of the (final) response. */
  Head: 0x48,
  /** Raw decoded body bytes. */
  Body: 0x42,
  /** JSON `RelayHop`: one redirect hop that was followed. */
  Hop: 0x52,
  /** JSON `RelaySummary`: timings, sizes and the request as sent; ends a success. */
  Summary: 0x53,
  /** JSON `RelayError`: ends a failure. */
  Error: 0x45,
} as const;
export type FrameTypeCode = (typeof FrameType)[keyof typeof FrameType];

const utf8 = new TextEncoder();

/** Encodes the metadata prefix of a relay request. */
export function encodeRelayPrefix(meta: RelayRequestMeta): Uint8Array {
  const text = JSON.stringify(meta);
  // UTF-8 takes at most three bytes per UTF-16 code unit: encode straight after the length.
  const room = new Uint8Array(4 + text.length * 3);
  const { written } = utf8.encodeInto(text, room.subarray(4));
  room[0] = written >>> 24;
  room[1] = (written >>> 16) & 0xff;
  room[2] = (written >>> 8) & 0xff;
  room[3] = written & 0xff;
  return room.subarray(0, 4 + written);
}

/** Encodes one frame header (type + length); the payload follows separately. */
export function encodeFrameHeader(type: FrameTypeCode, length: number): Uint8Array {
  if (!Number.isInteger(length) || length < 0 || length > 0xffffffff) {
    throw new RangeError(`Frame length ${length} is outside 0..2^32-1`);
  }
  const out = new Uint8Array(5);
  writeFrameHeader(out, type, length);
  return out;
}

// Written byte by byte: a DataView per frame costs more than the frame's own bytes.
function writeFrameHeader(out: Uint8Array, type: FrameTypeCode, length: number): void {
  out[0] = type;
  out[1] = length >>> 24;
  out[2] = (length >>> 16) & 0xff;
  out[3] = (length >>> 8) & 0xff;
  out[4] = length & 0xff;
}

/** Encodes a whole frame carrying JSON. */
export function encodeJsonFrame(type: FrameTypeCode, value: unknown): Uint8Array {
  const text = JSON.stringify(value);
  // UTF-8 takes at most three bytes per UTF-16 code unit: encode straight after the header.
  const room = new Uint8Array(5 + text.length * 3);
  const { written } = utf8.encodeInto(text, room.subarray(5));
  writeFrameHeader(room, type, written);
  return room.subarray(0, 5 + written);
}

/** One decoded frame. */
export interface Frame {
  type: number;
  payload: Uint8Array;
}

/**
 * Incremental frame decoder: feed it chunks as they arrive, get frames back. JSON frames
 * come out whole. Body frames come out as soon as any of their bytes are there, possibly
 * as several consecutive Body frames: their payloads are slices of the input, never
 * copies, so a large download costs no extra copying in the page.
 */
export class FrameDecoder {
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  /** Bytes of the current Body frame still to come. */
  private bodyRemaining = 0;

  /** Adds bytes and returns every frame (or body piece) now available. */
  push(chunk: Uint8Array): Frame[] {
    if (chunk.length) {
      this.pending.push(chunk);
      this.pendingLength += chunk.length;
    }
    const frames: Frame[] = [];
    for (;;) {
      if (this.bodyRemaining > 0) {
        if (this.pendingLength === 0) break;
        // Hand out body bytes a chunk at a time so each piece is a slice, not a copy.
        const n = Math.min(this.bodyRemaining, this.pending[0]!.length);
        this.bodyRemaining -= n;
        frames.push({ type: FrameType.Body, payload: this.take(n) });
        continue;
      }
      if (this.pendingLength < 5) break;
      const header = this.peek(5);
      const type = header[0]!;
      const length = new DataView(header.buffer, header.byteOffset, 5).getUint32(1);
      if (type === FrameType.Body) {
        this.take(5);
        if (length === 0) frames.push({ type, payload: new Uint8Array(0) });
        this.bodyRemaining = length;
        continue;
      }
      if (this.pendingLength < 5 + length) break;
      this.take(5);
      frames.push({ type, payload: this.take(length) });
    }
    return frames;
  }

  /** Bytes received but not yet part of a whole frame. */
  get buffered(): number {
    return this.pendingLength;
  }

  private peek(n: number): Uint8Array {
    const first = this.pending[0]!;
    if (first.length >= n) return first.subarray(0, n);
    return this.concat(n, false);
  }

  private take(n: number): Uint8Array {
    const first = this.pending[0];
    if (first && first.length >= n) {
      const out = first.subarray(0, n);
      if (first.length === n) this.pending.shift();
      else this.pending[0] = first.subarray(n);
      this.pendingLength -= n;
      return out;
    }
    return this.concat(n, true);
  }

  private concat(n: number, consume: boolean): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    if (!consume) {
      for (const part of this.pending) {
        const use = Math.min(part.length, n - filled);
        out.set(part.subarray(0, use), filled);
        filled += use;
        if (filled === n) break;
      }
      return out;
    }
    while (filled < n) {
      const part = this.pending[0]!;
      const use = Math.min(part.length, n - filled);
      out.set(part.subarray(0, use), filled);
      filled += use;
      if (use === part.length) this.pending.shift();
      else this.pending[0] = part.subarray(use);
    }
    this.pendingLength -= n;
    return out;
  }
}
