/**
 * The app's side of `/api/workspace`: when the server was started with `--workspace DIR`,
 * collections and environments are read from and written to that folder instead of
 * IndexedDB, and edits made on disk arrive through a long poll. Every call carries the
 * per-launch token, like the relay's.
 */
import { relayToken } from '../../base/relay/session';

/** A file the server could not load. */
export interface FolderSetAside {
  path: string;
  kind: 'collection' | 'folder' | 'request' | 'environment';
  reason: string;
  id?: string;
  name?: string;
}

/** The folder's contents at one revision (records unvalidated until the loader checks them). */
export interface FolderState {
  enabled: true;
  dir: string;
  revision: number;
  collections: unknown[];
  environments: unknown[];
  setAside: FolderSetAside[];
}

/** What the app asks of the workspace folder. */
export interface WorkspaceFolderApi {
  /** The folder's contents, or null when the server keeps no folder. */
  state(): Promise<FolderState | null>;
  /**
   * Each write resolves with the folder's revision once it is on disk, when the server says
   * (a state of a lower revision was read before the write and does not have it yet).
   */
  putCollection(id: string, record: unknown): Promise<number | void>;
  deleteCollection(id: string): Promise<number | void>;
  putEnvironment(id: string, record: unknown): Promise<number | void>;
  deleteEnvironment(id: string): Promise<number | void>;
  /** Waits (up to the server's limit) for a revision above `since`; null when nothing changed. */
  changes(since: number, signal: AbortSignal): Promise<FolderState | null>;
}

async function failure(response: Response, action: string): Promise<Error> {
  const text = await response.text().catch(() => '');
  let message = text.trim();
  try {
    message = (JSON.parse(text) as { error?: string }).error ?? message;
  } catch {
    // Not JSON: the text is the message.
  }
  return new Error(`${action} failed (${response.status}): ${message || response.statusText}`);
}

/** The folder API of the server that served this page. */
export function httpWorkspaceFolderApi(): WorkspaceFolderApi {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(path, { ...init, headers: { 'X-Wirebench-Token': relayToken(), ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers } });
  const write = async (kind: 'collections' | 'environments', id: string, method: 'PUT' | 'DELETE', record?: unknown) => {
    const response = await call(`/api/workspace/${kind}/${encodeURIComponent(id)}`, { method, ...(record !== undefined ? { body: JSON.stringify(record) } : {}) });
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) throw await failure(response, `${method === 'PUT' ? 'Saving' : 'Deleting'} ${kind === 'collections' ? 'a collection' : 'an environment'} in the workspace folder`);
    const answer = (await response.json().catch(() => ({}))) as { revision?: unknown };
    return typeof answer.revision === 'number' ? answer.revision : undefined;
  };
  return {
    async state() {
      const response = await call('/api/workspace');
      if (!response.ok) throw await failure(response, 'Reading the workspace folder');
      const body = (await response.json()) as FolderState | { enabled: false };
      return body.enabled ? body : null;
    },
    putCollection: (id, record) => write('collections', id, 'PUT', record),
    deleteCollection: (id) => write('collections', id, 'DELETE'),
    putEnvironment: (id, record) => write('environments', id, 'PUT', record),
    deleteEnvironment: (id) => write('environments', id, 'DELETE'),
    async changes(since, signal) {
      const response = await call(`/api/workspace/changes?since=${since}`, { signal });
      if (!response.ok) throw await failure(response, 'Following the workspace folder');
      const body = (await response.json()) as (FolderState & { unchanged?: boolean }) | { enabled: false };
      return body.enabled && !body.unchanged ? body : null;
    },
  };
}
