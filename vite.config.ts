import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appCspFor } from './src/server/staticFiles';
import { precompressPlugin } from './src/server/precompress';
import { sandboxLibrariesPlugin } from './src/scripting/sandboxLibraries/vitePlugin.ts';

const DEV_PORT = 5173;
/** The entries' own modules (and what main.tsx alone imports), kept out of the first screen's two shared chunks. */
const ENTRY_OWN = /\/src\/app\/(main\.tsx|vendor\.ts|root\.tsx|styles\.css|base\/relay\/session\.ts)$/;
/** Vite's launch-editor route, as connect matches it: any case, and followed by nothing, `/` or `.`. */
const OPEN_IN_EDITOR = /^\/__open-in-editor(?:$|[/.])/i;
/** Per start: Vite marks the scripts it injects (React refresh preamble) with this nonce. */
const nonce = randomBytes(16).toString('base64');

/**
 * The production CSP for the dev page, with the two things dev needs and nothing more: the
 * nonce of Vite's injected scripts and the HMR websocket of this very server.
 */
function devCsp(port: number): string {
  // index.html's own inline scripts (the first screen's) by their hash, as production allows them.
  return appCspFor(readFileSync('index.html', 'utf8')).replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`).replace(
    "connect-src 'self'",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
  );
}

/**
 * `npm run dev`: the same relay, sandbox, guard and session as `npm start`, mounted inside
 * Vite's dev server. The page gets no token: the launch URL printed at start is exchanged
 * for the HttpOnly session cookie, as in production.
 */
function wirebenchDevServer(): Plugin {
  const token = process.env.WIREBENCH_TOKEN || randomBytes(24).toString('base64url');
  return {
    name: 'wirebench-dev-server',
    apply: 'serve',
    async configureServer(server) {
      const { createWirebenchHandler } = await server.ssrLoadModule('/src/server/app.ts');
      const { allowedHostsFor } = await server.ssrLoadModule('/src/server/guard.ts');
      const { LaunchCodes } = await server.ssrLoadModule('/src/server/session.ts');
      const port = server.config.server.port ?? DEV_PORT;
      const launchCodes = new LaunchCodes();
      const print = () => console.log(`\n  Open Wirebench with: http://127.0.0.1:${port}/?launch=${launchCodes.mint()}  (one-time link)\n`);
      let lastPrinted = 0;
      const handle = createWirebenchHandler({
        allowedHosts: allowedHostsFor('127.0.0.1', port) as Set<string>,
        token,
        port,
        launchCodes,
        onSessionNeeded: () => {
          if (Date.now() - lastPrinted < 5000) return;
          lastPrinted = Date.now();
          print();
        },
      });
      server.httpServer?.once('listening', print);
      // WebSocket upgrades of the sandbox and the relay (src/server/upgrade.ts); Vite's own HMR socket passes by.
      const { createUpgradeHandler } = await server.ssrLoadModule('/src/server/upgrade.ts');
      const onUpgrade = createUpgradeHandler({ allowedHosts: allowedHostsFor('127.0.0.1', port), token, port });
      server.httpServer?.on('upgrade', (req, socket, head) => void onUpgrade(req, socket, head));
      server.middlewares.use((req, res, next) => {
        // The production CSP (plus the nonce and this server's HMR socket) on every dev response.
        res.setHeader('Content-Security-Policy', devCsp(port));
        res.setHeader('X-Frame-Options', 'DENY');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        const [path = '', query = ''] = (req.url ?? '').split('?');
        // Vite's /__open-in-editor starts an editor on whatever file it is given, for any page that can make the
        // browser send a GET (an <img> on another site will do): not served. Matched as connect matches its route.
        if (OPEN_IN_EDITOR.test(path)) {
          res.statusCode = 404;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('Not found: the dev server does not open files in an editor.');
          return;
        }
        const ours = path.startsWith('/api') || path.startsWith('/sandbox') || path === '/' || /(^|&)launch=/.test(query);
        if (!ours) return next();
        handle(req, res).then((handled: boolean) => (handled ? undefined : next()), next);
      });
    },
  };
}

/**
 * The built page paints its first screen (index.html's shell, with its own inline styles)
 * before the app's files compete for the main thread: the app's stylesheet and module script
 * leave the head for a `<template id="app-assets">` at the end of the body, which the shell's
 * inline script starts right after the first paint (the stylesheet first, the entry script once
 * it has loaded, so the app never renders unstyled). Vite's module preloads are dropped.
 */
function appAfterFirstPaint(): Plugin {
  return {
    name: 'wirebench-app-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags = html.match(/<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)\s*/g) ?? [];
        if (!tags.some((t) => t.startsWith('<script'))) return html;
        let out = html;
        for (const tag of tags) out = out.replace(tag, '');
        // No modulepreload links: adding forty of them at start cost the main thread a task of 20–60 ms
        // (each starts a fetch), and from the local server the entry's imports arrive as fast without.
        const kept = tags.filter((t) => !t.includes('rel="modulepreload"'));
        return out.replace('</body>', `  <template id="app-assets">\n      ${kept.map((t) => t.trim()).join('\n      ')}\n    </template>\n  </body>`);
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), wirebenchDevServer(), precompressPlugin(), sandboxLibrariesPlugin(), appAfterFirstPaint()],
  server: {
    host: '127.0.0.1',
    port: DEV_PORT,
    strictPort: true,
    // No Access-Control-Allow-Origin: a page on another localhost port cannot read anything served here.
    cors: false,
  },
  ...(command === 'serve' ? { html: { cspNonce: nonce } } : {}),
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    // No module preloads (neither in index.html nor before each lazy part): each adds a <link> and
    // starts a fetch on the main thread (forty at start cost a task of 20–60 ms), and from the local
    // server a chunk's imports arrive as fast when the chunk asks for them. CSS of lazy parts still loads.
    modulePreload: false,
    rolldownOptions: {
      // The first screen's code in two files, not sixty (each small chunk cost its own request and
      // headers, and compressed worse: 241 KB in 60 files became 217 KB in 6): the libraries
      // (`first-libs`) and the app (`first-app`), everything the entry's two steps (main.tsx imports
      // vendor.ts, then root.tsx) import statically, which are entries for that ($initial is what an
      // entry imports statically). The entries' own modules stay in their own chunks.
      // strictExecutionOrder runs each module when what imports it runs, not when its chunk arrives:
      // the libraries in one task (vendor), the app's code in another (root), as main.tsx intends.
      input: { index: 'index.html', vendor: 'src/app/vendor.ts', root: 'src/app/root.tsx' },
      output: {
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            { name: 'first-libs', tags: ['$initial'], test: (id: string) => id.includes('/node_modules/') && !ENTRY_OWN.test(id), priority: 2 },
            { name: 'first-app', tags: ['$initial'], test: (id: string) => !ENTRY_OWN.test(id), priority: 1 },
          ],
        },
      },
      // src/core is pure (no module does anything on import but define things), so a module of
      // it that nothing uses is left out even when the barrel re-exports it: the first screen
      // does not carry zod schemas or tables only import, SOAP or the vault need.
      treeshake: { moduleSideEffects: (id: string) => (id.includes('/src/core/') ? false : undefined) },
    },
  },
  // Workers are bundled with their own plugins: the script worker fetches the sandbox's modules (lodash, moment…) as chunks.
  worker: { format: 'es', plugins: () => [sandboxLibrariesPlugin()] },
}));
