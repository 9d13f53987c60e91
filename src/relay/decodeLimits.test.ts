/**
 * Decompression limits (issue 32 item 4): the sandbox's bomb (zeros compressed as they are
 * read, a few KB on the wire for gigabytes) is stopped by the relay with a `too_large` error
 * that names the ratio, for Brotli and gzip, and an ordinary compressed body is untouched.
 * Without the limit the relay decodes all 8 GB and the exchange ends with a summary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';
import { MAX_RATIO, RATIO_FLOOR_BYTES } from './decodeLimits';
import { callRelay } from './relayClient';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

describe('decoded bodies are bounded', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`stops decoding a ${encoding} bomb with an error that says why`, async () => {
      const result = await callRelay({ method: 'GET', url: `${sb.origin}/sandbox/bomb?gb=8&encoding=${encoding}`, headers: [] }, { base: sb.origin, token: 'sandbox-test-token' });
      expect(result.relayStatus).toBe(200);
      expect(result.head?.contentEncoding).toEqual([encoding]);
      expect(result.summary).toBeUndefined();
      expect(result.error).toMatchObject({ kind: 'too_large', code: 'WB_DECOMPRESSION_BOMB', partial: true });
      expect(result.error?.message).toMatch(/decompression bomb/);
      expect(result.error?.message).toMatch(new RegExp(`${encoding}-coded body decoded to [\\d.]+ MB from only`));
      // Stopped soon after the floor, nowhere near the 8 GB the body stands for.
      expect(result.bodyBytes).toBeGreaterThanOrEqual(RATIO_FLOOR_BYTES / 2);
      expect(result.bodyBytes).toBeLessThan(RATIO_FLOOR_BYTES * 4);
    });
  }

  it('leaves an ordinary compressed body alone', async () => {
    const result = await callRelay({ method: 'GET', url: `${sb.origin}/sandbox/brotli`, headers: [] }, { base: sb.origin, token: 'sandbox-test-token' });
    expect(result.error).toBeUndefined();
    expect(result.summary?.sizes.responseBodyDecoded).toBeGreaterThan(result.summary!.sizes.responseBodyWire);
    expect(MAX_RATIO).toBeGreaterThanOrEqual(100);
  });
});
