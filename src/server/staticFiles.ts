/**
 * Serves the built app from `dist/`. The page carries no token: its session is the
 * HttpOnly cookie set when the one-time launch URL is opened (see `session.ts`). Files with
 * precompressed copies beside them (`precompress.ts`) are sent as the copy the request's
 * Accept-Encoding allows; hashed assets are cached for good, the index page revalidated.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { chooseEncoding, PRECOMPRESSED, type Coding } from './precompress';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // instantiateStreaming refuses WebAssembly served under any other type.
  '.wasm': 'application/wasm',
};

/** The Content-Security-Policy of the app itself. */
export const APP_CSP = [
  "default-src 'self'",
  // WebAssembly compilation (the script engine, QuickJS, in its worker) and nothing else eval-like.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The hashes (CSP `'sha256-…'` sources) of the inline scripts of an HTML page: the first
 * screen's two small scripts in index.html (the theme before the first paint, the URL field
 * of the shell) run by their hash, and no other inline script can.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The app's CSP with the page's inline scripts allowed by hash. */
export function appCspFor(html: string): string {
  const hashes = inlineScriptHashes(html);
  return hashes.length ? APP_CSP.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`) : APP_CSP;
}

/** The CSP of index.html, by the file's modification time (computed once per build). */
let indexCsp: { mtimeMs: number; csp: string } | undefined;

/** The file to send for `file`: itself or a precompressed copy, with the headers that say which. */
async function negotiate(req: http.IncomingMessage, file: string, size: number): Promise<{ path: string; size: number; headers: Record<string, string> }> {
  const copies = await Promise.all(PRECOMPRESSED.map(async (p) => ({ ...p, info: await stat(file + p.suffix).catch(() => null) })));
  const available = copies.filter((c) => c.info?.isFile());
  if (available.length === 0) return { path: file, size, headers: {} };
  // Every variant says it varies, the uncompressed one included, so caches keep them apart.
  const coding = chooseEncoding(req.headers['accept-encoding'], available.map((c) => c.coding as Coding));
  const copy = available.find((c) => c.coding === coding);
  if (!copy) return { path: file, size, headers: { Vary: 'Accept-Encoding' } };
  return { path: file + copy.suffix, size: copy.info!.size, headers: { Vary: 'Accept-Encoding', 'Content-Encoding': copy.coding } };
}

/** Serves a file from `distDir`, or the index page for app routes. */
export async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: URL, distDir: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed\n');
    return;
  }
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Bad path encoding\n');
    return;
  }
  const root = path.resolve(distDir);
  const file = path.resolve(root, '.' + path.posix.normalize('/' + relative));
  const inside = file === root || file.startsWith(root + path.sep);
  const info = inside ? await stat(file).catch(() => null) : null;
  const security = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  if (info && info.isFile() && !file.endsWith(path.sep + 'index.html')) {
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    // Vite names everything under assets/ by its content's hash: a changed file is a new URL.
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    const chosen = await negotiate(req, file, info.size);
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': chosen.size,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...chosen.headers,
      ...security,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(chosen.path).pipe(res);
    return;
  }
  if (path.extname(relative) && relative !== '/index.html') {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...security });
    res.end('Not found\n');
    return;
  }
  const index = path.join(root, 'index.html');
  const indexInfo = await stat(index).catch(() => null);
  if (!indexInfo?.isFile()) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The app is not built yet. Run `npm run build` or start with `npm start`.\n');
    return;
  }
  const chosen = await negotiate(req, index, indexInfo.size);
  const body = await readFile(chosen.path);
  if (indexCsp?.mtimeMs !== indexInfo.mtimeMs) {
    const html = chosen.path === index ? body.toString('utf8') : await readFile(index, 'utf8');
    indexCsp = { mtimeMs: indexInfo.mtimeMs, csp: appCspFor(html) };
  }
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
    // Revalidated on every load: it names the hashed assets of the current build.
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': indexCsp.csp,
    ...chosen.headers,
    ...security,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
