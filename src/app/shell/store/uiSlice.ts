/**
 * The shell's state: which sidebar section is shown and whether the sidebar is collapsed,
 * its width, side-by-side or stacked panes, the theme, whether "What will be sent" is open,
 * and which shell dialogs are open.
 * Preferences (not dialogs) are remembered in localStorage under their own key, apart
 * from the composer's tabs, so a damaged or old value never costs the person their drafts.
 */
import type { StateCreator } from 'zustand';
import type { WorkbenchState } from './workbenchState';

export type SidebarSection = 'lessons' | 'workspace' | 'vault' | 'cookies';
/** `auto`: side by side on wide screens, stacked below ~1100 px. */
export type PaneLayout = 'auto' | 'side' | 'stacked';
/** `system` follows `prefers-color-scheme`. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface UiPreferences {
  sidebarCollapsed: boolean;
  /** Sidebar width in pixels. */
  sidebarWidth: number;
  layout: PaneLayout;
  theme: ThemeChoice;
  /** The composer's "What will be sent": closed until the person opens it, then as they left it. */
  wirePreviewOpen: boolean;
}

export interface UiSlice extends UiPreferences {
  sidebarSection: SidebarSection;
  /** The lesson whose card the Lessons panel shows. */
  currentLessonId: string | null;
  paletteOpen: boolean;
  shortcutsOpen: boolean;
  importOpen: boolean;
  setUi(patch: Partial<UiPreferences & Pick<UiSlice, 'sidebarSection' | 'currentLessonId' | 'paletteOpen' | 'shortcutsOpen' | 'importOpen'>>): void;
  toggleSidebar(): void;
  /** Shows sidebar section `section`, opening the sidebar if it was collapsed. */
  showSidebarSection(section: SidebarSection): void;
}

export const UI_PREFERENCES_KEY = 'wirebench-ui';
export const SIDEBAR_MIN = 200;
export const SIDEBAR_MAX = 560;

export const DEFAULT_UI: UiPreferences = { sidebarCollapsed: false, sidebarWidth: 288, layout: 'auto', theme: 'system', wirePreviewOpen: false };

/** Preferences read back, each field checked on its own: one bad value costs only itself. */
export function readUiPreferences(raw: string | null): UiPreferences {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) value = parsed as Record<string, unknown>;
  } catch {
    // An unreadable value is ignored; the defaults apply.
  }
  const width = typeof value.sidebarWidth === 'number' && Number.isFinite(value.sidebarWidth) ? Math.round(Math.min(SIDEBAR_MAX, Math.max(SIDEBAR_MIN, value.sidebarWidth))) : DEFAULT_UI.sidebarWidth;
  return {
    sidebarCollapsed: typeof value.sidebarCollapsed === 'boolean' ? value.sidebarCollapsed : DEFAULT_UI.sidebarCollapsed,
    sidebarWidth: width,
    layout: value.layout === 'side' || value.layout === 'stacked' || value.layout === 'auto' ? value.layout : DEFAULT_UI.layout,
    theme: value.theme === 'light' || value.theme === 'dark' || value.theme === 'system' ? value.theme : DEFAULT_UI.theme,
    wirePreviewOpen: typeof value.wirePreviewOpen === 'boolean' ? value.wirePreviewOpen : DEFAULT_UI.wirePreviewOpen,
  };
}

function storedPreferences(): UiPreferences {
  try {
    return readUiPreferences(typeof localStorage === 'undefined' ? null : localStorage.getItem(UI_PREFERENCES_KEY));
  } catch {
    return DEFAULT_UI;
  }
}

function storePreferences(preferences: UiPreferences): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(UI_PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // A full or blocked storage keeps the choice for this page only.
  }
}

const preferencesOf = (s: UiPreferences): UiPreferences => ({
  sidebarCollapsed: s.sidebarCollapsed,
  sidebarWidth: s.sidebarWidth,
  layout: s.layout,
  theme: s.theme,
  wirePreviewOpen: s.wirePreviewOpen,
});

export const createUiSlice: StateCreator<WorkbenchState, [], [], UiSlice> = (set, get) => {
  const update = (patch: Partial<UiSlice>) => {
    const before = preferencesOf(get());
    set(patch);
    const after = preferencesOf(get());
    if (JSON.stringify(before) !== JSON.stringify(after)) storePreferences(after);
  };
  return {
    ...storedPreferences(),
    sidebarSection: 'lessons',
    currentLessonId: null,
    paletteOpen: false,
    shortcutsOpen: false,
    importOpen: false,
    setUi: (patch) => update(patch),
    toggleSidebar: () => update({ sidebarCollapsed: !get().sidebarCollapsed }),
    showSidebarSection: (sidebarSection) => update({ sidebarSection, sidebarCollapsed: false }),
  };
};
