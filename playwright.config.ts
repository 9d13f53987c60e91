import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './e2e/support/session';
import { SERVER_NODE_FLAGS } from './src/relay/nodeFlags';

/**
 * End-to-end tests drive real Chromium through the real UI, relay and sandbox. The system
 * Chromium is used when present: CHROMIUM_PATH, else Debian's headless build (the same
 * Chromium without the desktop browser's window and UI processes: the suite took a fifth
 * less time in it on the 2-core CI machine), else the full /usr/bin/chromium; otherwise
 * Playwright's own browser.
 */
const PORT = E2E_PORT;
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two workers on any machine (Playwright's default is half the cores: one, on the 2-core CI).
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'on-first-retry',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `node ${SERVER_NODE_FLAGS.join(' ')} bin/start.mjs --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/sandbox/anything`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    // A fixed token, so each test's browser context can be given the session cookie.
    env: { WIREBENCH_TOKEN: E2E_TOKEN },
  },
});
