/**
 * `npm start`: one process on 127.0.0.1 serving the app, the relay at `/api` and the
 * sandbox at `/sandbox`. Options: `--port N` (or PORT), `--host H` (widens the bind, with a
 * warning), `--no-build`, `--no-open` (do not open the launch link in a browser), `--workspace DIR` (collections and environments as files in DIR).
 */
import { openBrowser, shouldOpenBrowser } from './openBrowser';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, buildIsStale, distDirOf } from './build';
import { startServer, type RunningServer } from './listen';
import { warmUpRelay } from './relayWarmUp';
import { sandboxDataDir, startHttpsSandbox } from '../sandbox/tls';
import { startClientAuthSandbox } from '../sandbox/tlsClientAuth';
import { startGrpcSandbox } from '../sandbox/grpc/grpcSandbox';
import { setGrpcSandboxInfo } from '../sandbox/grpc/grpcInfo';
import { WorkspaceFolder } from './workspaceFolder';

/**
 * The checkout: the nearest folder above this module with Wirebench's package.json (this file
 * runs from src/server, or bundled from node_modules/.cache/wirebench by `bin/start.mjs`).
 */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'wirebench') return dir;
    } catch {
      // No package.json here (or not JSON): look further up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Wirebench's package.json was not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

const root = packageRoot();

interface StartOptions {
  port: number;
  host: string;
  build: boolean;
  /** Open the launch link in the desktop's browser (when run in a terminal); `--no-open` turns it off. */
  open: boolean;
  workspace?: string;
}

function parseArgs(argv: string[]): StartOptions {
  const options: StartOptions = { port: Number(process.env.PORT ?? 4780), host: '127.0.0.1', build: true, open: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--port') options.port = Number(value());
    else if (flag === '--host') options.host = value();
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--no-open') options.open = false;
    else if (flag === '--workspace') {
      options.workspace = value();
      if (!options.workspace) {
        console.error('--workspace needs a folder, e.g. --workspace ./api-workspace');
        process.exit(2);
      }
    }
    else if (flag === '--help') {
      console.log('Usage: npm start -- [--port N] [--host ADDRESS] [--no-build] [--no-open] [--workspace DIR]');
      process.exit(0);
    } else {
      console.error(`Unknown option ${arg}. Try --help.`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    console.error(`--port must be a number from 0 to 65535, not ${JSON.stringify(String(options.port))}.`);
    process.exit(2);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.build && (await buildIsStale(root))) {
    console.log('Building the app (sources changed since the last build)…');
    await buildApp(root);
  }
  // A fixed token may be given for automated tests; otherwise each launch makes a new one.
  const token = process.env.WIREBENCH_TOKEN || randomBytes(24).toString('base64url');
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(options.host);
  if (!loopback) {
    console.warn(
      `WARNING: listening on ${options.host}, not loopback. Other machines can reach the sandbox; the relay still requires this page's token, but treat this as exposing a proxy.`,
    );
  }
  let workspace: WorkspaceFolder | undefined;
  if (options.workspace) {
    try {
      workspace = await WorkspaceFolder.open(options.workspace);
    } catch (err) {
      console.error(`The workspace folder ${options.workspace} cannot be used: ${(err as Error).message}`);
      process.exit(1);
    }
  }
  let running: RunningServer;
  try {
    let lastPrinted = 0;
    running = await startServer({
      port: options.port,
      host: options.host,
      token,
      distDir: distDirOf(root),
      workspace,
      // Loaded without a session (a new browser, cookies cleared): a fresh link, at most every 5 s.
      onSessionNeeded: () => {
        if (Date.now() - lastPrinted < 5000) return;
        lastPrinted = Date.now();
        console.log(`Open Wirebench with:    ${running.launchUrl()}  (one-time link)`);
      },
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    console.error(e.code === 'EADDRINUSE' ? `Port ${options.port} is already in use; choose another with --port.` : e.message);
    process.exit(1);
  }
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  console.log(`Wirebench is running at http://${shown}:${running.port}/`);
  const launch = running.launchUrl();
  console.log(`Open Wirebench with:    ${launch}  (one-time link: it starts this browser's session)`);
  if (options.open && shouldOpenBrowser()) void openBrowser(launch);
  console.log(`Sandbox API:            http://${shown}:${running.port}/sandbox`);
  if (workspace) {
    const state = workspace.state();
    console.log(`Workspace folder:       ${workspace.dir} (${state.collections.length} collections, ${state.environments.length} environments)`);
    for (const file of state.setAside) console.warn(`  set aside ${file.path}: ${file.reason}`);
  }
  let closeTls: () => Promise<void> = async () => undefined;
  try {
    const tls = await startHttpsSandbox({ port: running.port + 1, host: options.host, dataDir: sandboxDataDir(root) });
    closeTls = () => tls.close();
    console.log(`Sandbox over HTTPS:     ${tls.origin}/sandbox  (certificate SHA-256 ${tls.fingerprint256})`);
    // Mutual TLS on the next port, with the same server certificate (see sandbox/tlsClientAuth.ts).
    const mtls = await startClientAuthSandbox({ port: tls.port + 1, host: options.host, dataDir: sandboxDataDir(root), certificate: tls.certificate });
    closeTls = () => Promise.all([tls.close(), mtls.close()]).then(() => undefined);
    console.log(`Sandbox mutual TLS:     ${mtls.origin}/sandbox/tls/client-cert  (demo certificate: /sandbox/tls/client-demo)`);
  } catch (err) {
    console.warn(`HTTPS sandbox not started: ${(err as Error).message}`);
  }
  // The gRPC sandbox on its own port (the one after the mutual TLS sandbox, or any free one when that is taken).
  let closeGrpc: () => Promise<void> = async () => undefined;
  try {
    const loopbackHost = loopback ? '127.0.0.1' : options.host;
    const grpcSandbox = await startGrpcSandbox({ port: running.port + 3, host: loopbackHost }).catch(() => startGrpcSandbox({ port: 0, host: loopbackHost }));
    closeGrpc = () => grpcSandbox.close();
    setGrpcSandboxInfo({ address: grpcSandbox.address, port: grpcSandbox.port });
    console.log(`Sandbox gRPC: ${grpcSandbox.address}  (server reflection; services at /sandbox/grpc/info)`);
  } catch (err) {
    console.warn(`gRPC sandbox not started: ${(err as Error).message}`);
  }
  // An address the guard accepts as the server's own (a wildcard listener is reached on loopback).
  void warmUpRelay(options.host === '0.0.0.0' || options.host === '::' ? `http://127.0.0.1:${running.port}` : running.origin, token);
  console.log('Press Ctrl-C to stop.');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Wirebench…');
    workspace?.close();
    void Promise.all([running.close(), closeTls(), closeGrpc()]).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
