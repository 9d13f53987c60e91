import { describe, expect, it } from 'vitest';
import { placeFloating } from './useTopLayer';

const anchor = (left: number, top: number, width = 40, height = 20) => ({ left, top, right: left + width, bottom: top + height });

describe('placeFloating', () => {
  it('goes below its anchor when it fits', () => {
    expect(placeFloating(anchor(100, 100), 200, 150, 1024, 700, 'start', 4)).toEqual({ left: 100, top: 124, maxHeight: 568 });
  });

  it('flips above when the room below is too short and above has more', () => {
    const at = placeFloating(anchor(100, 600), 200, 300, 1024, 700, 'start', 4);
    expect(at.top).toBe(600 - 4 - 300);
    expect(at.top + 300).toBeLessThanOrEqual(600);
  });

  it('stays below and scrolls inside itself when below has more room than above', () => {
    const at = placeFloating(anchor(100, 60), 200, 900, 1024, 700, 'start', 4);
    expect(at.top).toBe(84);
    expect(at.top + at.maxHeight).toBeLessThanOrEqual(700 - 8);
  });

  it('shifts sideways to stay inside the window, right-aligned or left-aligned', () => {
    expect(placeFloating(anchor(1000, 100), 300, 100, 1024, 700, 'start', 4).left).toBe(1024 - 8 - 300);
    expect(placeFloating(anchor(10, 100), 300, 100, 1024, 700, 'end', 4).left).toBe(8);
    expect(placeFloating(anchor(500, 100), 300, 100, 1024, 700, 'end', 4).left).toBe(540 - 300);
  });

  it('a point anchor (a right-click) near the bottom-right corner keeps the whole menu in the window', () => {
    const at = placeFloating({ left: 1020, right: 1020, top: 690, bottom: 690 }, 220, 180, 1024, 700, 'start', 0);
    expect(at.left + 220).toBeLessThanOrEqual(1024 - 8);
    expect(at.top).toBeGreaterThanOrEqual(8);
    expect(at.top + Math.min(180, at.maxHeight)).toBeLessThanOrEqual(690);
  });
});
