/**
 * Everything the command palette offers: every action of the shell (with its shortcut),
 * every saved request of every collection, and every lesson.
 */
import type { StoreApi } from 'zustand';
import { collectionRequests, LESSONS, type CollectionItem } from '../../core';
import { isExplainOpen, setExplainOpen } from '../features/inspector/status/useExplainOpen';
import { openLesson } from '../features/lessons/openLesson';
import { requestLabel } from '../base/state/tabLabel';
import { openRunner } from '../features/runner/runnerStore';
import { requestDialog } from '../base/components/requestedDialogs';
import { protocolParts } from '../base/protocols/protocolParts';
import type { LiveProtocol } from '../../core/protocols/types';
import type { WorkbenchState } from './store/workbenchState';
import { SHORTCUTS, type ShortcutId } from './shortcuts';

export interface PaletteCommand {
  id: string;
  kind: 'action' | 'request' | 'lesson';
  label: string;
  /** Shown after the label, muted: a collection and folder, a lesson group. */
  detail?: string;
  /** A request's method, for its coloured badge. */
  method?: string;
  shortcut?: string;
  run(): void;
}

/** What the shell can do that the store alone cannot (send and cancel go through the relay mutation). */
export interface ShellActions {
  send(): void;
  cancel(): void;
  sending: boolean;
}

const keysOf = (id: ShortcutId) => SHORTCUTS.find((s) => s.id === id)?.keys;

export function paletteCommands(store: StoreApi<WorkbenchState>, shell: ShellActions): PaletteCommand[] {
  const s = store.getState();
  const action = (id: string, label: string, run: () => void, shortcut?: ShortcutId): PaletteCommand => ({ id: `action:${id}`, kind: 'action', label, run, ...(shortcut ? { shortcut: keysOf(shortcut) } : {}) });
  const actions: PaletteCommand[] = [
    action('send', 'Send the request', shell.send, 'send'),
    ...(shell.sending ? [action('cancel', 'Cancel the request being sent', shell.cancel, 'cancel')] : []),
    action('new-tab', 'New tab', () => store.getState().newTab(), 'new-tab'),
    action('close-tab', 'Close this tab', () => store.getState().closeTab(store.getState().activeTabId), 'close-tab'),
    action('save', 'Save the request', () => store.getState().saveCurrentRequest(), 'save'),
    action('sidebar', s.sidebarCollapsed ? 'Show the sidebar' : 'Hide the sidebar', () => store.getState().toggleSidebar(), 'sidebar'),
    action('lessons', 'Show lessons', () => store.getState().showSidebarSection('lessons')),
    action('workspace', 'Show collections and history', () => store.getState().showSidebarSection('workspace')),
    action('vault', 'Show the token vault', () => store.getState().showSidebarSection('vault')),
    action('cookies', 'Show the cookie jar', () => store.getState().showSidebarSection('cookies')),
    action('import', 'Import… (Postman, OpenAPI, HAR, cURL, .http)', () => store.getState().setUi({ importOpen: true, sidebarSection: 'workspace', sidebarCollapsed: false })),
    action('theme-dark', 'Theme: dark', () => store.getState().setUi({ theme: 'dark' })),
    action('theme-light', 'Theme: light', () => store.getState().setUi({ theme: 'light' })),
    action('theme-system', 'Theme: follow the system', () => store.getState().setUi({ theme: 'system' })),
    action('layout-side', 'Layout: request and response side by side', () => store.getState().setUi({ layout: 'side' })),
    action('layout-stacked', 'Layout: response below the request', () => store.getState().setUi({ layout: 'stacked' })),
    action('layout-auto', 'Layout: by window width', () => store.getState().setUi({ layout: 'auto' })),
    action('explain', isExplainOpen() ? 'Collapse explanations' : 'Expand explanations', () => setExplainOpen(!isExplainOpen())),
    action('shortcuts', 'Keyboard shortcuts', () => store.getState().setUi({ shortcutsOpen: true }), 'shortcuts'),
    action('proxy', 'Proxy settings…', () => requestDialog({ kind: 'proxy' })),
    action('certificates', 'Certificates… (client certificates, CA bundles, verification)', () => requestDialog({ kind: 'certificates' })),
    action('environments', 'Environments… (edit variables)', () => requestDialog({ kind: 'environments' })),
    ...s.collections.map((c) => action(`export:${c.id}`, `Export collection ${c.name}… (Postman, .http)`, () => requestDialog({ kind: 'export', collectionId: c.id }))),
    // GraphQL is HTTP with its own body: a new POST tab with an empty GraphQL body.
    action('new-graphql', 'New GraphQL request', () => {
      store.getState().newTab();
      store.getState().updateDraft((d) => ({ ...d, method: 'POST', body: { ...d.body, kind: 'graphql', graphql: { query: '', variables: '', operationName: '' } } }));
    }),
    // One per live protocol of the registry (WebSocket, gRPC, MCP…): a new tab of that type.
    ...(Object.entries(protocolParts) as [LiveProtocol, NonNullable<(typeof protocolParts)[LiveProtocol]>][]).map(([id, part]) =>
      action(`new-${id}`, `New ${part.label} request`, () => {
        store.getState().newTab();
        store.getState().updateDraft((d) => ({ ...part.init(d), protocol: id }));
      }),
    ),
  ];
  const tabs: PaletteCommand[] = s.tabs
    .filter((t) => t.id !== s.activeTabId)
    .map((t) => ({ id: `tab:${t.id}`, kind: 'action', label: `Go to tab ${t.draft.name.trim() || requestLabel(t.draft.method, t.draft.url)}`, method: t.draft.method, run: () => store.getState().activateTab(t.id) }));
  const requests: PaletteCommand[] = s.collections.flatMap((collection) =>
    collectionRequests(collection.items).map(({ request, folderPath }) => ({
      id: `request:${collection.id}:${request.id}`,
      kind: 'request' as const,
      label: `${request.draft.method} ${request.name}`,
      detail: [collection.name, ...folderPath].join(' / '),
      method: request.draft.method,
      run: () => store.getState().openSavedRequest(collection.id, request.id),
    })),
  );
  // The collection runner (issue 18): each collection and each of its folders.
  const runs: PaletteCommand[] = s.collections.flatMap((collection) => {
    const folders = (items: readonly CollectionItem[], path: string[]): PaletteCommand[] =>
      items.flatMap((item) =>
        item.kind === 'folder'
          ? [
              { id: `run:${collection.id}:${item.id}`, kind: 'action' as const, label: `Run folder ${item.name}…`, detail: [collection.name, ...path].join(' / '), run: () => openRunner({ collectionId: collection.id, folderId: item.id }) },
              ...folders(item.items, [...path, item.name]),
            ]
          : [],
      );
    return [{ id: `run:${collection.id}`, kind: 'action' as const, label: `Run collection ${collection.name}…`, run: () => openRunner({ collectionId: collection.id }) }, ...folders(collection.items, [])];
  });
  const lessons: PaletteCommand[] = LESSONS.map((lesson) => ({
    id: `lesson:${lesson.id}`,
    kind: 'lesson',
    label: `Lesson: ${lesson.title}`,
    detail: lesson.group,
    method: lesson.request.method,
    run: () => openLesson(store, lesson),
  }));
  return [...actions, ...tabs, ...runs, ...requests, ...lessons];
}
