import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * Another app on this machine, opened in the same browser after Wirebench's launch: a
 * loopback server on its own port that keeps the Cookie header of every request it gets
 * (browsers send 127.0.0.1's cookies to every port), and whose page makes its own calls —
 * to its `/api/…` too, where Wirebench's cookie is scoped — and then tries Wirebench's API
 * with everything it has.
 */
export class OtherLocalServer {
  /** The Cookie header of each request received, as received. */
  readonly cookieHeaders: string[] = [];
  origin = '';
  private server: http.Server | undefined;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      if (req.headers.cookie) this.cookieHeaders.push(req.headers.cookie);
      if (req.url?.startsWith('/api/')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"name":"another app"}');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>another app on this machine</title><h1>Another app</h1>');
    });
    const server = this.server;
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
    this.origin = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }

  /** Opens its page in `page`, which then calls its own API as such apps do. */
  async open(page: Page): Promise<void> {
    await page.goto(`${this.origin}/`);
    await page.evaluate(async () => {
      await (await fetch('/api/profile', { credentials: 'include' })).text();
    });
  }

  /** Every `name=value` cookie pair it received, once each. */
  receivedCookies(): string[] {
    return [...new Set(this.cookieHeaders.flatMap((h) => h.split(';').map((p) => p.trim())).filter(Boolean))];
  }

  /**
   * From its page: Wirebench's `/api` read with the browser's cookies, then with each of
   * `tokens` in `X-Wirebench-Token`, then Wirebench's page key read from a frame of it.
   * Each attempt gives `read:<text>` or `refused:<error name>`.
   */
  async tryApi(page: Page, wirebench: string, tokens: string[], storageKey: string): Promise<string[]> {
    return page.evaluate(
      async ({ wirebench, tokens, storageKey }) => {
        const outcomes: string[] = [];
        const attempt = async (headers: Record<string, string>) => {
          try {
            const res = await fetch(`${wirebench}/api/health`, { credentials: 'include', headers });
            outcomes.push(`read:${res.status}:${await res.text()}`);
          } catch (error) {
            outcomes.push(`refused:${(error as Error).name}`);
          }
        };
        await attempt({});
        for (const token of tokens) await attempt({ 'X-Wirebench-Token': token });
        const frame = document.createElement('iframe');
        frame.src = `${wirebench}/`;
        document.body.append(frame);
        await new Promise((resolve) => {
          frame.onload = resolve;
          setTimeout(resolve, 3000);
        });
        try {
          outcomes.push(`read:${frame.contentWindow!.localStorage.getItem(storageKey)}`);
        } catch (error) {
          outcomes.push(`refused:${(error as Error).name}`);
        }
        return outcomes;
      },
      { wirebench, tokens, storageKey },
    );
  }
}
