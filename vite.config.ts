import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * `npm run dev`: the same relay and sandbox as `npm start`, mounted inside Vite's dev
 * server, with the per-launch token written into the served index page.
 */
function wirebenchDevServer(): Plugin {
  const token = process.env.WIREBENCH_TOKEN || randomBytes(24).toString('base64url');
  return {
    name: 'wirebench-dev-server',
    apply: 'serve',
    async configureServer(server) {
      const { createWirebenchHandler } = await server.ssrLoadModule('/src/server/app.ts');
      const { allowedHostsFor } = await server.ssrLoadModule('/src/server/guard.ts');
      const port = server.config.server.port ?? 5173;
      const guard = { allowedHosts: allowedHostsFor('127.0.0.1', port) as Set<string>, token };
      const handle = createWirebenchHandler(guard);
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith('/api') && !path.startsWith('/sandbox')) return next();
        handle(req, res).then((handled: boolean) => (handled ? undefined : next()), next);
      });
    },
    transformIndexHtml(html) {
      return html.replace('</head>', `  <meta name="wirebench-token" content="${token}">\n  </head>`);
    },
  };
}

export default defineConfig({
  plugins: [react(), wirebenchDevServer()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
});
