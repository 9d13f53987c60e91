import { describe, expect, it } from 'vitest';
import { DEFAULT_UI, readUiPreferences, SIDEBAR_MAX, SIDEBAR_MIN } from './uiSlice';

describe('readUiPreferences', () => {
  it('gives the defaults for nothing stored or something unreadable', () => {
    expect(readUiPreferences(null)).toEqual(DEFAULT_UI);
    expect(readUiPreferences('{not json')).toEqual(DEFAULT_UI);
    expect(readUiPreferences('[1,2]')).toEqual(DEFAULT_UI);
  });

  it('keeps each valid field and drops only the bad ones', () => {
    expect(readUiPreferences(JSON.stringify({ theme: 'dark', layout: 'sideways', sidebarCollapsed: 'yes', sidebarWidth: 300 }))).toEqual({ ...DEFAULT_UI, theme: 'dark', sidebarWidth: 300 });
  });

  it('clamps the sidebar width to what the layout allows', () => {
    expect(readUiPreferences(JSON.stringify({ sidebarWidth: 5 })).sidebarWidth).toBe(SIDEBAR_MIN);
    expect(readUiPreferences(JSON.stringify({ sidebarWidth: 1e9 })).sidebarWidth).toBe(SIDEBAR_MAX);
    expect(readUiPreferences(JSON.stringify({ sidebarWidth: null })).sidebarWidth).toBe(DEFAULT_UI.sidebarWidth);
  });

  it('"What will be sent" is closed unless the person left it open', () => {
    expect(DEFAULT_UI.wirePreviewOpen).toBe(false);
    expect(readUiPreferences(JSON.stringify({ wirePreviewOpen: true })).wirePreviewOpen).toBe(true);
    expect(readUiPreferences(JSON.stringify({ wirePreviewOpen: 'open' })).wirePreviewOpen).toBe(false);
  });
});
