/**
 * Upload progress by request id. The browser cannot observe a streamed fetch upload, so
 * the page asks the relay how many bytes of request `id` it has sent upstream so far.
 */
interface ProgressEntry {
  sent: number;
  total?: number;
  done: boolean;
  updatedAt: number;
}

const entries = new Map<string, ProgressEntry>();
const KEEP_DONE_MS = 10_000;

export const uploadProgress = {
  start(id: string, total?: number): void {
    entries.set(id, { sent: 0, total, done: false, updatedAt: Date.now() });
  },
  update(id: string, sent: number): void {
    const e = entries.get(id);
    if (e) {
      e.sent = sent;
      e.updatedAt = Date.now();
    }
  },
  done(id: string): void {
    const e = entries.get(id);
    if (!e) return;
    e.done = true;
    setTimeout(() => entries.delete(id), KEEP_DONE_MS).unref();
  },
  get(id: string): ProgressEntry | undefined {
    return entries.get(id);
  },
};
