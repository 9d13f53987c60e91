/**
 * The session of the e2e server: Playwright starts it with a fixed token, and each browser
 * context is given the session a launch would give it — both halves: the cookie (a session
 * id, `Path=/api`) and the page key made for it, put in the origin's localStorage before the
 * page's scripts run, as the page itself does with the launch redirect's fragment. (The launch
 * flow itself is exercised in `session.spec.ts`, `sessionPort.spec.ts` and by the specs that
 * start their own server.)
 */
import type { BrowserContext } from '@playwright/test';
import { PAGE_KEY_STORAGE } from '../../src/app/base/relay/session';
import { pageKeyFor, SESSION_COOKIE_PATH, sessionCookieName } from '../../src/server/session';

export const E2E_TOKEN = 'e2e-session-token-7c1f0a9d2b';

/** The port of the e2e server. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4791);

/** What a browser context needs to be given a session (Playwright's and playwright-core's contexts alike). */
type SessionContext = Pick<BrowserContext, 'addCookies' | 'addInitScript'>;

/** Gives `context` the session a launch of the server at `origin` (run with `token`) would give. */
export async function grantSession(context: SessionContext, origin: string, token: string, sessionId = 'e2e-session-id'): Promise<void> {
  const { hostname, port } = new URL(origin);
  await context.addCookies([{ name: sessionCookieName(Number(port)), value: sessionId, domain: hostname, path: SESSION_COOKIE_PATH, httpOnly: true, sameSite: 'Strict' }]);
  await context.addInitScript(
    ({ origin, storage, key }) => {
      if (location.origin === origin) localStorage.setItem(storage, key);
    },
    { origin, storage: PAGE_KEY_STORAGE, key: pageKeyFor(token, Number(port), sessionId) },
  );
}

/** Gives `context` the session of the e2e server. */
export function grantE2eSession(context: SessionContext): Promise<void> {
  return grantSession(context, `http://127.0.0.1:${E2E_PORT}`, E2E_TOKEN);
}
