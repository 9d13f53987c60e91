/** Test and benchmark support: a stream of `total` bytes made from one repeated block. */
import { Readable } from 'node:stream';

/**
 * A readable of `total` bytes, each chunk `blockSize` long (the last one shorter), after
 * `prefix` when one is given (a relay call's description, say: sent first, not counted in `total`).
 */
export function repeatedBytes(total: number, blockSize = 64 * 1024, fill = 0x61, prefix?: Uint8Array): Readable {
  const block = Buffer.alloc(blockSize, fill);
  let sent = 0;
  let prefixed = prefix === undefined;
  return new Readable({
    read() {
      if (!prefixed) {
        prefixed = true;
        return void this.push(prefix);
      }
      if (sent >= total) return void this.push(null);
      const n = Math.min(block.length, total - sent);
      sent += n;
      this.push(n === block.length ? block : block.subarray(0, n));
    },
  });
}
