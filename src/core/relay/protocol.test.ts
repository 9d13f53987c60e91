import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrameHeader, encodeJsonFrame, encodeRelayPrefix, FrameDecoder, FrameType } from './framing';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Decodes a stream cut at the given points; body pieces are joined per frame. */
function decode(stream: Uint8Array, cuts: number[]): { type: number; payload: number[] }[] {
  const decoder = new FrameDecoder();
  const out: { type: number; payload: number[] }[] = [];
  let start = 0;
  for (const end of [...cuts.filter((c) => c > 0 && c < stream.length).sort((a, b) => a - b), stream.length]) {
    for (const frame of decoder.push(stream.subarray(start, end))) {
      const last = out[out.length - 1];
      if (frame.type === FrameType.Body && last?.type === FrameType.Body && last.payload.length >= 0 && (last as { open?: boolean }).open) {
        last.payload.push(...frame.payload);
      } else out.push({ type: frame.type, payload: [...frame.payload], ...(frame.type === FrameType.Body ? { open: true } : {}) });
    }
    start = end;
  }
  expect(decoder.buffered).toBe(0);
  return out.map(({ type, payload }) => ({ type, payload }));
}

describe('relay frames', () => {
  it('encodes the request prefix as a 4-byte length and JSON', () => {
    const prefix = encodeRelayPrefix({ method: 'GET', url: 'http://x/', headers: [] });
    const length = new DataView(prefix.buffer).getUint32(0);
    expect(length).toBe(prefix.length - 4);
    expect(JSON.parse(new TextDecoder().decode(prefix.subarray(4)))).toEqual({ method: 'GET', url: 'http://x/', headers: [] });
  });

  it('refuses a frame length outside 32 bits', () => {
    expect(() => encodeFrameHeader(FrameType.Body, -1)).toThrow(RangeError);
    expect(() => encodeFrameHeader(FrameType.Body, 2 ** 32)).toThrow('Frame length 4294967296 is outside 0..2^32-1');
  });

  it('gives back JSON frames whole and body bytes in order, however the stream is cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.jsonValue()), { maxLength: 8 }),
        fc.array(fc.nat(4000), { maxLength: 20 }),
        (items, cuts) => {
          const parts: Uint8Array[] = [];
          const expected: { type: number; payload: number[] }[] = [];
          for (const item of items) {
            if (item instanceof Uint8Array) {
              parts.push(encodeFrameHeader(FrameType.Body, item.length), item);
              const last = expected[expected.length - 1];
              if (last?.type === FrameType.Body) last.payload.push(...item);
              else expected.push({ type: FrameType.Body, payload: [...item] });
            } else {
              const frame = encodeJsonFrame(FrameType.Summary, item);
              parts.push(frame);
              expected.push({ type: FrameType.Summary, payload: [...frame.subarray(5)] });
            }
          }
          expect(decode(concat(parts), cuts)).toEqual(expected);
        },
      ),
    );
  });

  it('hands out body pieces as slices of the input, not copies', () => {
    const body = new Uint8Array(100).fill(7);
    const stream = concat([encodeFrameHeader(FrameType.Body, body.length), body]);
    const frames = new FrameDecoder().push(stream);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.payload.buffer).toBe(stream.buffer);
  });
});
