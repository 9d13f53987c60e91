/**
 * Upload progress of a streamed request body. The browser cannot observe a streamed
 * fetch upload, so the page asks the relay how many bytes of request `id` it has sent
 * upstream (`GET /api/relay/progress/{id}`, token required like every `/api` call).
 */
import { relayToken } from '../../base/relay/session';

/** What the relay reports for one request id. */
export interface RelayUploadProgress {
  sent: number;
  total?: number;
  done: boolean;
}

/** Bodies smaller than this finish before a progress bar could mean anything. */
export const PROGRESS_MIN_BYTES = 256 * 1024;

const POLL_MS = 100;

/**
 * Polls the relay for the progress of `id` until stopped, calling `onProgress` with each
 * new reading. An unknown id (the relay has not started the upload yet) is skipped; a
 * failed poll is retried on the next tick. Returns the function that stops polling.
 */
export function watchUploadProgress(id: string, onProgress: (progress: RelayUploadProgress) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const response = await fetch(`/api/relay/progress/${encodeURIComponent(id)}`, {
        headers: { 'X-Wirebench-Token': relayToken() },
        cache: 'no-store',
      });
      if (response.ok && !stopped) {
        const entry = (await response.json()) as Partial<RelayUploadProgress>;
        if (typeof entry.sent === 'number') onProgress({ sent: entry.sent, total: entry.total, done: entry.done === true });
      }
    } catch {
      // The next tick tries again; progress is a courtesy, never a reason to fail a send.
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };
  timer = setTimeout(poll, 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
