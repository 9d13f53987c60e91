import { describe, expect, it } from 'vitest';
import { OAUTH_CALLBACK_MESSAGE, OAUTH_CALLBACK_RECEIVED, readCallbackMessage, waitForAuthorizationCallback, type CallbackSources } from './oauthCallbackWaiter';

const ORIGIN = 'http://127.0.0.1:4985';

/** Sources the test posts into by hand; counts live listeners. */
function fakeSources() {
  const windowHandlers = new Set<(event: { origin: string; data: unknown }) => void>();
  const channelHandlers = new Set<(data: unknown) => void>();
  const acknowledged: (string | undefined)[] = [];
  const sources: CallbackSources = {
    origin: ORIGIN,
    listenWindow: (h) => (windowHandlers.add(h), () => windowHandlers.delete(h)),
    listenChannel: (h) => (channelHandlers.add(h), () => channelHandlers.delete(h)),
    acknowledge: (state) => acknowledged.push(state),
  };
  return {
    sources,
    acknowledged,
    postWindow: (origin: string, data: unknown) => [...windowHandlers].forEach((h) => h({ origin, data })),
    broadcast: (data: unknown) => [...channelHandlers].forEach((h) => h(data)),
    listeners: () => windowHandlers.size + channelHandlers.size,
  };
}

const message = (params: Record<string, string>) => ({ type: OAUTH_CALLBACK_MESSAGE, params });

describe('the callback message', () => {
  it('becomes a query string; anything else is not a callback', () => {
    expect(readCallbackMessage(message({ code: 'c 1', state: 's' }))).toEqual({ query: '?code=c+1&state=s', state: 's' });
    expect(readCallbackMessage({ type: 'other', params: {} })).toBeUndefined();
    expect(readCallbackMessage('?code=1')).toBeUndefined();
    expect(readCallbackMessage(message({ error: 'access_denied' }))).toEqual({ query: '?error=access_denied' });
  });
});

describe('waiting for the redirect', () => {
  it('takes the popup message of its own origin and ignores another origin', async () => {
    const fake = fakeSources();
    const waiter = waitForAuthorizationCallback('s1', fake.sources);
    fake.postWindow('https://evil.example', message({ code: 'forged', state: 's1' }));
    fake.postWindow(ORIGIN, { type: 'unrelated' });
    fake.postWindow(ORIGIN, message({ code: 'good', state: 's1' }));
    await expect(waiter.answer).resolves.toBe('?code=good&state=s1');
    expect(fake.listeners()).toBe(0);
  });

  it('passes a popup answer with the wrong state on, so the refusal is explained', async () => {
    const fake = fakeSources();
    const waiter = waitForAuthorizationCallback('s1', fake.sources);
    fake.postWindow(ORIGIN, message({ code: 'c', state: 'other' }));
    await expect(waiter.answer).resolves.toBe('?code=c&state=other');
  });

  it('leaves a broadcast for another tab\'s sign-in alone and takes its own', async () => {
    const fake = fakeSources();
    const waiter = waitForAuthorizationCallback('mine', fake.sources);
    fake.broadcast(message({ code: 'theirs', state: 'theirs' }));
    fake.broadcast(message({ code: 'ok', state: 'mine' }));
    await expect(waiter.answer).resolves.toBe('?code=ok&state=mine');
    // Only its own answer is confirmed: the other tab's callback page waits for that tab.
    expect(fake.acknowledged).toEqual(['mine']);
  });

  it('confirms the answer it took once, so the callback page closes instead of showing the address', async () => {
    const fake = fakeSources();
    const waiter = waitForAuthorizationCallback('s1', fake.sources);
    // The popup posts on both ways; the second copy is no new answer.
    fake.broadcast(message({ code: 'c', state: 's1' }));
    fake.postWindow(ORIGIN, message({ code: 'c', state: 's1' }));
    await expect(waiter.answer).resolves.toBe('?code=c&state=s1');
    expect(fake.acknowledged).toEqual(['s1']);
    // A pasted address has no page to confirm to; a callback after the answer is not confirmed either.
    const pasted = waitForAuthorizationCallback('s2', fake.sources);
    pasted.paste('https://app.example.com/cb?code=x&state=s2');
    await pasted.answer;
    fake.broadcast(message({ code: 'late', state: 's2' }));
    expect(fake.acknowledged).toEqual(['s1']);
    // Kept equal to the server's constant (src/server/oauthCallback.ts).
    expect(OAUTH_CALLBACK_RECEIVED).toBe('wirebench-oauth-callback-received');
  });

  it('takes a pasted address (manual mode) and ignores an empty paste', async () => {
    const fake = fakeSources();
    const waiter = waitForAuthorizationCallback('s', fake.sources);
    waiter.paste('   ');
    waiter.paste(' https://app.example.com/cb?code=x&state=s ');
    await expect(waiter.answer).resolves.toBe('https://app.example.com/cb?code=x&state=s');
    expect(fake.listeners()).toBe(0);
  });

  it('is rejected and stops listening when cancelled', async () => {
    const fake = fakeSources();
    const abort = new AbortController();
    const waiter = waitForAuthorizationCallback('s', fake.sources, abort.signal);
    abort.abort();
    await expect(waiter.answer).rejects.toThrow('cancelled');
    expect(fake.listeners()).toBe(0);
    fake.postWindow(ORIGIN, message({ code: 'late', state: 's' }));
  });
});
