import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run dev`'s server (vite.config.ts) as a page on another site could reach it: Vite's
 * own dev routes that act on the machine are not served. The rest of the dev server's
 * guard (CSP, no CORS, the session) is checked in a browser by e2e/session.spec.ts.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dev: ViteDevServer;
let origin: string;

beforeAll(async () => {
  dev = await createServer({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', server: { port: 0, strictPort: false, hmr: false }, optimizeDeps: { noDiscovery: true } });
  await dev.listen();
  const address = dev.httpServer!.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(() => dev?.close());

describe("the Vite dev server's /__open-in-editor", () => {
  it('is not served, however connect would match its route', async () => {
    // A file that does not exist: without the guard Vite's middleware would answer (500 without a file, 200 with one) and start nothing.
    const missing = encodeURIComponent(path.join(root, 'no-such-file-for-open-in-editor.ts'));
    for (const route of ['/__open-in-editor', `/__open-in-editor?file=${missing}`, `/__OPEN-IN-EDITOR?file=${missing}`, `/__open-in-editor/x?file=${missing}`, `/__open-in-editor.js?file=${missing}`]) {
      const res = await fetch(`${origin}${route}`);
      expect([route, res.status]).toEqual([route, 404]);
      expect(await res.text()).toBe('Not found: the dev server does not open files in an editor.');
    }
    // The rest of the dev server still answers.
    expect((await fetch(`${origin}/api/health`)).status).not.toBe(404);
  });
});
