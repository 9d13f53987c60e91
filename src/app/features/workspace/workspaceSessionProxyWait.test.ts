/**
 * The workspace session announces its load to the proxy settings, so a send made while it
 * runs waits for the workspace's proxy choice (see `relay/proxySettings.ts`).
 */
import { describe, expect, it } from 'vitest';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { proxyChoice, proxySettingsLoaded, PROXY_SETTINGS_META_KEY } from '../../base/relay/proxySettings';
import type { FolderState, WorkspaceFolderApi } from './workspaceFolderClient';
import { startWorkspaceSession } from './workspaceSession';
import { memoryWorkspaceStorage } from './workspaceStorage';

/** A server without a workspace folder that answers the session's first question only when told to. */
function slowFolder(): { api: WorkspaceFolderApi; answer: () => void } {
  let answer!: () => void;
  const answered = new Promise<FolderState | null>((resolve) => (answer = () => resolve(null)));
  const refuse = () => Promise.reject(new Error('no folder'));
  return { api: { state: () => answered, putCollection: refuse, deleteCollection: refuse, putEnvironment: refuse, deleteEnvironment: refuse, changes: () => Promise.resolve(null) }, answer };
}

describe('the workspace session and the proxy settings', () => {
  it('holds relay calls while it loads, and lets them go with the stored proxy choice', async () => {
    const storage = memoryWorkspaceStorage();
    await storage.putMeta(PROXY_SETTINGS_META_KEY, { mode: 'none', httpProxy: '', httpsProxy: '', noProxy: '', username: '', proxyLoopback: false });
    const folder = slowFolder();
    const session = startWorkspaceSession(createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` }), { storage, folder: folder.api, writeDelayMs: 0 });
    const waiting = proxySettingsLoaded();
    expect(waiting).toBeInstanceOf(Promise);
    let released = false;
    void waiting!.then(() => (released = true));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(released).toBe(false);
    expect(proxyChoice().mode).toBe('environment');

    folder.answer();
    await waiting;
    expect(proxyChoice()).toEqual({ mode: 'none' });
    await session.ready;
    expect(proxySettingsLoaded()).toBeUndefined();
    session.stop();
  });
});
