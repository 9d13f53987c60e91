/** The top bar: the sidebar toggle, the name, and the palette, layout, theme, proxy, certificates and shortcut controls. */
import { useWorkbench } from '../base/state/StoreProvider';
import type { PaneLayout, ThemeChoice } from './store/uiSlice';
import type { ResolvedTheme } from './useTheme';
import { NetworkIndicator } from './NetworkIndicator';
// The Proxy and Certificates dialogs (one of each, also opened by the palette and the indicator) load when first opened (issue 14).
import { RequestedDialogs } from './RequestedDialogs';
import { requestDialog } from '../base/components/requestedDialogs';

const LAYOUT_WORDS: Record<PaneLayout, string> = { auto: 'Layout: by width', side: 'Layout: side by side', stacked: 'Layout: stacked' };
const NEXT_LAYOUT: Record<PaneLayout, PaneLayout> = { auto: 'side', side: 'stacked', stacked: 'auto' };
const NEXT_THEME: Record<ThemeChoice, ThemeChoice> = { system: 'dark', dark: 'light', light: 'system' };
const THEME_WORDS: Record<ThemeChoice, string> = { system: 'Theme: system', dark: 'Theme: dark', light: 'Theme: light' };

export function AppHeader({ theme }: { theme: ResolvedTheme }) {
  const collapsed = useWorkbench((s) => s.sidebarCollapsed);
  const toggleSidebar = useWorkbench((s) => s.toggleSidebar);
  const layout = useWorkbench((s) => s.layout);
  const choice = useWorkbench((s) => s.theme);
  const setUi = useWorkbench((s) => s.setUi);
  return (
    <header className="app-header">
      <button type="button" className="icon-button" aria-label={collapsed ? 'Show sidebar' : 'Hide sidebar'} aria-expanded={!collapsed} aria-controls="sidebar" aria-keyshortcuts="Control+B Meta+B" title="Sidebar (Ctrl+B)" onClick={toggleSidebar}>
        ☰
      </button>
      <h1>Wirebench</h1>
      <button type="button" className="palette-trigger" aria-keyshortcuts="Control+K Meta+K" onClick={() => setUi({ paletteOpen: true })}>
        Search actions and requests… <kbd>Ctrl K</kbd>
      </button>
      <div className="header-tools">
        <NetworkIndicator />
        <button type="button" className="quiet" title="Switch between side by side, stacked, and by window width" onClick={() => setUi({ layout: NEXT_LAYOUT[layout] })}>
          {LAYOUT_WORDS[layout]}
        </button>
        <button type="button" className="quiet" aria-label={`${THEME_WORDS[choice]} (showing ${theme}); switch`} title="Switch between dark, light and the system's theme" onClick={() => setUi({ theme: NEXT_THEME[choice] })}>
          {theme === 'dark' ? '☾' : '☀'} {THEME_WORDS[choice]}
        </button>
        <button type="button" className="quiet" title="Which proxy the relay uses" onClick={() => requestDialog({ kind: 'proxy' })}>
          Proxy
        </button>
        <button type="button" className="quiet" title="Client certificates, CA bundles and certificate verification by host" onClick={() => requestDialog({ kind: 'certificates' })}>
          Certificates
        </button>
        <RequestedDialogs />
        <button type="button" className="icon-button" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" title="Keyboard shortcuts (?)" onClick={() => setUi({ shortcutsOpen: true })}>
          ?
        </button>
      </div>
    </header>
  );
}
