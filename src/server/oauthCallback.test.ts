/**
 * The loopback OAuth redirect target: served without a session, carrying none of the
 * redirect's data in its HTML, locked down by CSP (only its own script and style, no
 * framing), kept out of caches and referrers, and refusing anything but GET/HEAD. Its
 * script runs here against a stand-in browser (node:vm, no DOM library): the address is
 * replaced before anything else, the answer is handed over, the window closes once the app
 * confirms, and an answer nobody confirmed stays usable without being put back in history.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './listen';
import { OAUTH_CALLBACK_CHANNEL, OAUTH_CALLBACK_CONFIRM_MS, OAUTH_CALLBACK_MESSAGE, OAUTH_CALLBACK_RECEIVED, OAUTH_CALLBACK_SCRIPT } from './oauthCallback';

let server: RunningServer;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'wirebench-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Wirebench</title>');
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'callback-test-token-0123456789', distDir: dist });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

describe('GET /oauth/callback', () => {
  it('serves the hand-over page without a session and without echoing the code', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/oauth/callback?code=SECRET-CODE-123&state=st`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('SECRET-CODE-123');
    expect(html).toContain(`<script>${OAUTH_CALLBACK_SCRIPT}</script>`);
    expect(html).toContain('<textarea id="address" readonly');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
  it('refuses other methods and foreign Host names', async () => {
    const post = await fetch(`http://127.0.0.1:${server.port}/oauth/callback`, { method: 'POST', body: 'code=x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/oauth/callback?code=x&state=y', headers: { Host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

/**
 * A stand-in browser for the page's script: the address and its history entry, the two
 * elements it writes, BroadcastChannel (which another "tab" can answer on), the opener,
 * timers and window.close. Every effect is recorded in order.
 */
function browser(href: string, options: { opener?: boolean; broadcastChannel?: boolean } = {}) {
  const effects: string[] = [];
  let address = new URL(href);
  const history: string[] = [address.href];
  const channels: { name: string; onmessage: ((event: { data: unknown }) => void) | null; closed: boolean }[] = [];
  const posted: unknown[] = [];
  const timers: (() => void)[] = [];
  const status = { textContent: 'Handing the answer to Wirebench…' };
  const fallback = { hidden: true };
  const field = { value: '', readOnly: true, focus: () => effects.push('focus'), select: () => effects.push('select') };
  class FakeChannel {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    closed = false;
    constructor(readonly name: string) {
      effects.push(`new BroadcastChannel ${name}`);
      channels.push(this);
    }
    postMessage(data: unknown) {
      effects.push('broadcast');
      posted.push(data);
    }
    close() {
      this.closed = true;
    }
  }
  const context: Record<string, unknown> = {
    location: {
      get href() { return address.href; },
      get pathname() { return address.pathname; },
      get search() { return address.search; },
      get hash() { return address.hash; },
      get origin() { return address.origin; },
    },
    history: {
      replaceState(_state: unknown, _title: string, url: string) {
        effects.push(`replaceState ${url}`);
        address = new URL(url, address);
        history[history.length - 1] = address.href;
      },
    },
    document: {
      getElementById(id: string) {
        effects.push(`read #${id}`);
        return { status, fallback, address: field }[id] ?? null;
      },
    },
    URL,
    URLSearchParams,
    setTimeout: (callback: () => void, ms: number) => {
      effects.push(`setTimeout ${ms}`);
      timers.push(callback);
    },
    close: () => effects.push('close'),
    opener: options.opener ? { postMessage: (data: unknown, origin: string) => (effects.push(`opener.postMessage ${origin}`), posted.push(data)) } : null,
  };
  if (options.broadcastChannel !== false) context.BroadcastChannel = FakeChannel;
  context.window = context;
  vm.runInNewContext(OAUTH_CALLBACK_SCRIPT, context);
  return {
    effects,
    history,
    posted,
    status,
    fallback,
    field,
    /** The app's tab answers on the channel. */
    confirm: (state: string | undefined) => channels.filter((c) => !c.closed).forEach((c) => c.onmessage?.({ data: { type: OAUTH_CALLBACK_RECEIVED, state } })),
    /** The confirmation wait runs out. */
    timeout: () => timers.splice(0).forEach((t) => t()),
  };
}

const CALLBACK = 'http://127.0.0.1:4780/oauth/callback?code=SECRET-CODE-123&state=st4te&iss=https%3A%2F%2Fas.example';

describe('the hand-over script', () => {
  it('replaces the address before anything else, then hands code and state to the app', () => {
    const page = browser(CALLBACK, { opener: true });
    expect(page.effects[0]).toBe('replaceState /oauth/callback');
    expect(page.history).toEqual(['http://127.0.0.1:4780/oauth/callback']);
    expect(page.effects).toContain(`new BroadcastChannel ${OAUTH_CALLBACK_CHANNEL}`);
    expect(page.effects).toContain('opener.postMessage http://127.0.0.1:4780');
    expect(page.posted).toEqual([
      { type: OAUTH_CALLBACK_MESSAGE, params: { code: 'SECRET-CODE-123', state: 'st4te', iss: 'https://as.example' } },
      { type: OAUTH_CALLBACK_MESSAGE, params: { code: 'SECRET-CODE-123', state: 'st4te', iss: 'https://as.example' } },
    ]);
    expect(page.effects).toContain(`setTimeout ${OAUTH_CALLBACK_CONFIRM_MS}`);
    expect(page.effects).not.toContain('close');
  });

  it('closes once the app confirms this state, and never shows the code', () => {
    const page = browser(CALLBACK, { opener: true });
    page.confirm('another-state');
    expect(page.effects).not.toContain('close');
    page.confirm('st4te');
    expect(page.effects.at(-1)).toBe('close');
    expect(page.status.textContent).toContain('Wirebench has the answer');
    page.timeout();
    expect(page.fallback.hidden).toBe(true);
    expect(page.field.value).toBe('');
  });

  it('unconfirmed, it shows the address it arrived with to paste — not in history, and never "copy this window\'s address"', () => {
    const page = browser(CALLBACK, { opener: true });
    page.timeout();
    expect(page.fallback.hidden).toBe(false);
    expect(page.field).toMatchObject({ value: CALLBACK, readOnly: true });
    expect(page.status.textContent).toContain('paste the address below');
    expect(page.status.textContent).not.toMatch(/window's address|copy this/i);
    expect(page.history).toEqual(['http://127.0.0.1:4780/oauth/callback']);
    expect(page.effects).not.toContain('close');
    // A late confirmation still closes it and clears the field.
    page.confirm('st4te');
    expect(page.effects.at(-1)).toBe('close');
    expect(page.field.value).toBe('');
  });

  it('without BroadcastChannel no confirmation can come: the address is shown at once, the answer still posted to the opener', () => {
    const page = browser(CALLBACK, { opener: true, broadcastChannel: false });
    expect(page.effects[0]).toBe('replaceState /oauth/callback');
    expect(page.posted).toHaveLength(1);
    expect(page.fallback.hidden).toBe(false);
    expect(page.field.value).toBe(CALLBACK);
  });

  it('a fragment answer is read and removed the same way; an empty visit says nothing arrived', () => {
    const fragment = browser('http://127.0.0.1:4780/oauth/callback#code=frag-code&state=s');
    expect(fragment.effects[0]).toBe('replaceState /oauth/callback');
    expect(fragment.history).toEqual(['http://127.0.0.1:4780/oauth/callback']);
    expect(fragment.posted).toEqual([{ type: OAUTH_CALLBACK_MESSAGE, params: { code: 'frag-code', state: 's' } }]);
    const empty = browser('http://127.0.0.1:4780/oauth/callback');
    expect(empty.status.textContent).toContain('Nothing arrived here');
    expect(empty.posted).toEqual([]);
    expect(empty.fallback.hidden).toBe(true);
  });
});
