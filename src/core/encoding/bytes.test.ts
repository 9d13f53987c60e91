import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes';

describe('concatBytes', () => {
  it('joins parts in order into a new array, even for one part', () => {
    expect(Array.from(concatBytes([Uint8Array.of(1, 2), Uint8Array.of(), Uint8Array.of(3)]))).toEqual([1, 2, 3]);
    expect(concatBytes([]).length).toBe(0);
    const one = Uint8Array.of(9);
    const joined = concatBytes([one]);
    expect(joined).not.toBe(one);
    expect(Array.from(joined)).toEqual([9]);
  });
});
