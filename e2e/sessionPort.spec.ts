/**
 * Issue 32.2: a session no other port can use. Browsers send 127.0.0.1's cookies to every
 * port, so after a launch any other local server the person opens receives Wirebench's
 * cookie. Here a second server on another loopback port is opened in the same browser
 * after a real launch: (a) every cookie it received, replayed from Node with any headers a
 * client can forge, is refused by Wirebench's /api and makes the relay call nothing; (b) its
 * page can neither call Wirebench's API nor read the page key. Wirebench's own page keeps
 * working throughout.
 */
import { encodeRelayPrefix } from '../src/core';
import { startChildServer } from '../src/relay/childServer';
import { PAGE_KEY_STORAGE } from '../src/app/base/relay/session';
import { expect, test } from './fixtures';
import { ComposerPage } from './pages/ComposerPage';
import { OtherLocalServer } from './pages/OtherLocalServer';
import { SessionProbe } from './pages/SessionProbe';

test('after a launch, a server on another loopback port gets only a cookie that cannot be replayed, and its page cannot use the API', async ({ browser }) => {
  const server = await startChildServer('session-port-e2e-token');
  const port = Number(new URL(server.origin).port);
  const other = new OtherLocalServer();
  const probe = new SessionProbe();
  await other.start();
  await probe.start();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const composer = new ComposerPage(page);
    await page.goto(server.launchUrl);
    // The launch left neither its code nor the page key in the address.
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('');
    await composer.compose('GET', `${server.origin}/sandbox/anything/launched`);
    await composer.sendAndWait();
    await expect(composer.status).toContainText('200');

    // The person opens another local app in the same browser; its page calls its own API.
    await other.open(page);
    const received = other.receivedCookies();
    const ours = received.filter((pair) => pair.startsWith(`wirebench_session_${port}=`));
    // It did receive Wirebench's cookie: that is the leak this binding makes harmless.
    expect(ours).toHaveLength(1);
    expect(received.join('; ')).not.toContain(server.token);

    // (a) Replayed from Node with whatever that server got, and whatever a client can forge.
    const values = received.map((pair) => pair.slice(pair.indexOf('=') + 1));
    const relayBody = Buffer.from(encodeRelayPrefix({ method: 'GET', url: probe.probeUrl, headers: [] }));
    for (const cookie of [other.cookieHeaders.at(-1)!, ...received]) {
      const forgeries: Record<string, string>[] = [
        { cookie },
        { cookie, 'sec-fetch-site': 'same-origin', origin: server.origin },
        ...values.map((value) => ({ cookie, 'x-wirebench-token': value, 'sec-fetch-site': 'same-origin', origin: server.origin })),
      ];
      for (const headers of forgeries) {
        const health = await fetch(`${server.origin}/api/health`, { headers });
        expect(health.status, JSON.stringify(headers)).toBe(401);
        const relayed = await fetch(`${server.origin}/api/relay`, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: relayBody });
        expect(relayed.status, JSON.stringify(headers)).toBe(401);
        const workspace = await fetch(`${server.origin}/api/workspace`, { headers });
        expect(workspace.status).toBe(401);
      }
    }

    // (b) Its page, with the browser's cookies, the values it saw, and a frame of Wirebench.
    const outcomes = await other.tryApi(page, server.origin, values, PAGE_KEY_STORAGE);
    expect(outcomes).toHaveLength(values.length + 2);
    for (const outcome of outcomes) expect(outcome).toMatch(/^refused:/);
    await probe.tryToRelay(page, server.origin);

    // Wirebench's own page still has its session, and nothing reached the probe.
    await page.goto(`${server.origin}/`);
    await composer.compose('GET', `${server.origin}/sandbox/anything/still-mine`);
    await composer.sendAndWait();
    await expect(composer.status).toContainText('200');
    expect(probe.hits).toBe(0);
  } finally {
    await context.close();
    await probe.stop();
    await other.stop();
    await server.stop();
  }
});
