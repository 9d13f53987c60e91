/**
 * The session of the e2e server: Playwright starts it with a fixed token, and each browser
 * context gets the session cookie the one-time launch URL would set (the launch flow itself
 * is exercised in `session.spec.ts` and by the specs that start their own server).
 */
export const E2E_TOKEN = 'e2e-session-token-7c1f0a9d2b';

/** The port of the e2e server. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4791);

/** The cookie a launch would give a browser for the e2e server. */
export function e2eSessionCookie(): { name: string; value: string; url: string } {
  return { name: `wirebench_session_${E2E_PORT}`, value: E2E_TOKEN, url: `http://127.0.0.1:${E2E_PORT}` };
}
