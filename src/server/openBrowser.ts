/**
 * Opens the one-time launch link in the person's browser when `npm start` runs in a
 * terminal on a desktop: `open` (macOS), `start` (Windows), `xdg-open` (Linux with a
 * display). Never in tests, CI or a piped run (stdout not a terminal), and never fatal:
 * the link is printed either way.
 */
import { spawn } from 'node:child_process';

/** Whether this run looks like a person at a desktop terminal. */
export function shouldOpenBrowser(env: NodeJS.ProcessEnv = process.env, isTty = process.stdout.isTTY === true, platform = process.platform): boolean {
  if (!isTty || env.CI || env.WIREBENCH_NO_OPEN) return false;
  if (platform === 'linux') return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  return platform === 'darwin' || platform === 'win32';
}

/** Asks the desktop to open `url`; resolves to false when nothing could (the link stays printed). */
export function openBrowser(url: string, platform = process.platform): Promise<boolean> {
  const [command, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
