/** Test and benchmark support: a stream of `total` bytes made from one repeated block. */
import { Readable } from 'node:stream';

/** A readable of `total` bytes, each chunk `blockSize` long (the last one shorter). */
export function repeatedBytes(total: number, blockSize = 64 * 1024, fill = 0x61): Readable {
  const block = Buffer.alloc(blockSize, fill);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const n = Math.min(block.length, total - sent);
      sent += n;
      this.push(n === block.length ? block : block.subarray(0, n));
    },
  });
}
