import { describe, expect, it } from 'vitest';
import { shortcutOf, SHORTCUTS } from './shortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('shortcutOf', () => {
  it('maps Ctrl and Cmd alike', () => {
    expect(shortcutOf(key('Enter', { ctrlKey: true }), true)).toBe('send');
    expect(shortcutOf(key('Enter', { metaKey: true }), true)).toBe('send');
    expect(shortcutOf(key('K', { ctrlKey: true, shiftKey: true }), false)).toBe('palette');
    expect(shortcutOf(key('b', { metaKey: true }), true)).toBe('sidebar');
    expect(shortcutOf(key('s', { ctrlKey: true }), true)).toBe('save');
  });

  it('offers Alt+T and Alt+W where the browser keeps Ctrl+T and Ctrl+W', () => {
    expect(shortcutOf(key('t', { altKey: true }), false)).toBe('new-tab');
    expect(shortcutOf(key('∑', { altKey: true }), false)).toBe('close-tab');
    expect(shortcutOf(key('t', { ctrlKey: true }), false)).toBe('new-tab');
  });

  it('leaves "?" to text fields, and plain letters alone', () => {
    expect(shortcutOf(key('?', { shiftKey: true }), false)).toBe('shortcuts');
    expect(shortcutOf(key('?', { shiftKey: true }), true)).toBeUndefined();
    expect(shortcutOf(key('t'), false)).toBeUndefined();
    expect(shortcutOf(key('Enter'), false)).toBeUndefined();
  });

  it('lists every shortcut it handles', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
  });
});
