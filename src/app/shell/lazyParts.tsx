/**
 * What the shell shows that loads on first use, each its own chunk (see `base/lazy/lazyPart.tsx`):
 * the sidebar's panels, the command palette, and the header's Proxy and Certificates dialogs.
 * The shell imports these features itself; each feature declares the lazy parts it shows of
 * its own (`features/<name>/lazyParts.tsx`).
 */
import { lazyPart } from '../base/lazy/lazyPart';
import { PartLoading } from '../base/lazy/PartLoading';
import type { ShellActions } from './paletteCommands';

/** Sidebar: the lessons list and the lessons' content. */
export const LessonsPanel = lazyPart({
  name: 'The Lessons panel',
  load: () => import('../features/lessons/LessonsPanel'),
  pick: (m) => m.LessonsPanel,
  fallback: () => <PartLoading what="the lessons" minHeight="12rem" />,
});

/** Sidebar: collections, history, and the import, export and environment dialogs. */
export const WorkspacePanel = lazyPart({
  name: 'The Workspace panel',
  load: () => import('../features/workspace/WorkspacePanel'),
  pick: (m) => m.WorkspacePanel,
  fallback: () => <PartLoading what="the workspace" minHeight="12rem" />,
});

/** Sidebar: the token vault, its dialogs and flows. */
export const VaultPanel = lazyPart({
  name: 'The Vault panel',
  load: () => import('../features/vault/VaultPanel'),
  pick: (m) => m.VaultPanel,
  fallback: () => <PartLoading what="the vault" minHeight="12rem" />,
});

/** Sidebar: the workspace cookie jar and What will be sent (tough-cookie comes with it). */
export const CookiesPanel = lazyPart({
  name: 'The Cookies panel',
  load: () => import('../features/cookies/CookiesPanel'),
  pick: (m) => m.CookiesPanel,
  fallback: () => <PartLoading what="the cookies" minHeight="12rem" />,
});

/** Ctrl/Cmd+K: the command palette, with every action, saved request and lesson (loaded when first opened). */
export const CommandPalette = lazyPart({
  name: 'The command palette',
  load: () => import('./CommandPalette'),
  pick: (m) => m.CommandPalette,
  loadWhen: (props: { open: boolean; shell: ShellActions }) => props.open,
});

/** Header: the Proxy dialog (loaded when first opened). */
export const ProxySettingsDialog = lazyPart({
  name: 'The proxy settings',
  load: () => import('./ProxySettingsDialog'),
  pick: (m) => m.ProxySettingsDialog,
  loadWhen: (props) => props.open,
});

/** Header: the Certificates dialog with its forms and tls.css (loaded when first opened). */
export const CertificatesDialog = lazyPart({
  name: 'The certificates settings',
  load: () => import('../features/tls/CertificatesDialog'),
  pick: (m) => m.CertificatesDialog,
  loadWhen: (props) => props.open,
});

/** The keyboard shortcuts dialog, loaded when first opened. */
export const ShortcutsDialog = lazyPart({
  name: 'The keyboard shortcuts',
  load: () => import('./ShortcutsDialog'),
  pick: (m) => m.ShortcutsDialog,
  loadWhen: (p: { wanted: boolean }) => p.wanted,
});
