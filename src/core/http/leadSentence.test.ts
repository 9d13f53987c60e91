import { describe, expect, it } from 'vitest';
import { leadSentence } from './leadSentence';
import { STATUS_REGISTRY } from './statusRegistry';

describe('leadSentence', () => {
  it.each([
    ['One. Two.', 'One.'],
    ['Just one', 'Just one'],
    ['  Padded.  Next one. ', 'Padded.'],
    ['See RFC 9110 §15.5.1 for it. Then more.', 'See RFC 9110 §15.5.1 for it.'],
    ['A cache (e.g. a CDN) may. Or not.', 'A cache (e.g. a CDN) may.'],
    ['Caches use it, e.g. A proxy. Then.', 'Caches use it, e.g. A proxy.'],
    ['It failed! "Quoted" follows.', 'It failed!'],
    ['', ''],
  ])('%j → %j', (text, lead) => expect(leadSentence(text)).toBe(lead));

  it('gives every registered status a lead that ends a sentence', () => {
    for (const entry of STATUS_REGISTRY) {
      const lead = leadSentence(entry.explanation);
      expect(lead.length, String(entry.code)).toBeGreaterThan(20);
      expect(lead, String(entry.code)).toMatch(/[.!?]$/);
    }
  });

  it('rejects what is not text as a programmer error', () => {
    expect(() => leadSentence(undefined as never)).toThrow(TypeError);
  });
});
