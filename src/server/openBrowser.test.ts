import { describe, expect, it } from 'vitest';
import { shouldOpenBrowser } from './openBrowser';

describe('opening the launch link', () => {
  it('only for a person at a desktop terminal: never piped, in CI, headless Linux or when asked not to', () => {
    expect(shouldOpenBrowser({ DISPLAY: ':0' }, true, 'linux')).toBe(true);
    expect(shouldOpenBrowser({}, true, 'darwin')).toBe(true);
    expect(shouldOpenBrowser({ DISPLAY: ':0' }, false, 'linux')).toBe(false);
    expect(shouldOpenBrowser({ DISPLAY: ':0', CI: '1' }, true, 'linux')).toBe(false);
    expect(shouldOpenBrowser({}, true, 'linux')).toBe(false);
    expect(shouldOpenBrowser({ WIREBENCH_NO_OPEN: '1' }, true, 'darwin')).toBe(false);
  });
});
