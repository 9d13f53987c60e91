/**
 * Waits for the provider's redirect to reach the page that started the sign-in. The
 * callback page (src/server/oauthCallback.ts) hands `code`/`state` over a same-origin
 * BroadcastChannel and, as a popup, by `postMessage` to its opener, and waits for this page
 * to confirm it received them (on the channel): only then does it close, otherwise it
 * shows the address for the person to paste here by hand. Messages from another origin
 * are never read.
 * The `state` itself is checked by `readAuthorizationCallback`: a popup answer with the
 * wrong state is passed on so the refusal is explained, while a broadcast answer with
 * another state is left alone — it belongs to a sign-in started in another tab.
 */

/** The channel and message type of the callback page (kept equal to the server's). */
export const OAUTH_CALLBACK_CHANNEL = 'wirebench-oauth';
export const OAUTH_CALLBACK_MESSAGE = 'wirebench-oauth-callback';
export const OAUTH_CALLBACK_RECEIVED = 'wirebench-oauth-callback-received';

/** Where answers can come from; the browser's in the page, fakes in tests. */
export interface CallbackSources {
  /** This page's origin: a window message from any other is ignored. */
  origin: string;
  /** Subscribes to the window's `message` events; returns the unsubscribe. */
  listenWindow(handler: (event: { origin: string; data: unknown }) => void): () => void;
  /** Subscribes to the callback BroadcastChannel; returns the unsubscribe. */
  listenChannel(handler: (data: unknown) => void): () => void;
  /** Tells the callback page that sent `state` that its answer arrived, so it closes instead of showing the address. */
  acknowledge(state: string | undefined): void;
}

export interface CallbackWaiter {
  /** The redirect as a query string (`?code=…&state=…`) or the pasted address. */
  answer: Promise<string>;
  /** The person pasted the address they were redirected to (manual mode). */
  paste(redirect: string): void;
}

/** The callback page's message, its parameters as a query string; undefined for anything else. */
export function readCallbackMessage(data: unknown): { query: string; state?: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as { type?: unknown; params?: unknown };
  if (message.type !== OAUTH_CALLBACK_MESSAGE || typeof message.params !== 'object' || message.params === null) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(message.params as Record<string, unknown>)) {
    if (typeof value === 'string') params.append(name, value);
  }
  const state = params.get('state');
  return { query: `?${params.toString()}`, ...(state !== null ? { state } : {}) };
}

/**
 * Starts listening for the answer to the sign-in that sent `expectedState`. Settles once:
 * with the first answer, or rejected when `signal` aborts; listeners are removed then.
 */
export function waitForAuthorizationCallback(expectedState: string | undefined, sources: CallbackSources, signal?: AbortSignal): CallbackWaiter {
  let settle: ((redirect: string) => void) | undefined;
  const answer = new Promise<string>((resolve, reject) => {
    const stops: (() => void)[] = [];
    const done = () => {
      for (const stop of stops.splice(0)) stop();
      settle = undefined;
    };
    settle = (redirect) => {
      done();
      resolve(redirect);
    };
    // Only the waiter that takes an answer confirms it: the callback page of another tab's sign-in waits for its own tab.
    const received = (message: { query: string; state?: string }) => {
      if (!settle) return;
      settle(message.query);
      sources.acknowledge(message.state);
    };
    if (signal?.aborted) {
      done();
      reject(new Error('The sign-in was cancelled.'));
      return;
    }
    const onAbort = () => {
      done();
      reject(new Error('The sign-in was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    stops.push(() => signal?.removeEventListener('abort', onAbort));
    stops.push(
      sources.listenWindow((event) => {
        if (event.origin !== sources.origin) return;
        const message = readCallbackMessage(event.data);
        if (message) received(message);
      }),
    );
    stops.push(
      sources.listenChannel((data) => {
        const message = readCallbackMessage(data);
        if (!message) return;
        if (expectedState !== undefined && message.state !== expectedState) return;
        received(message);
      }),
    );
  });
  return {
    answer,
    paste(redirect) {
      if (redirect.trim() !== '') settle?.(redirect.trim());
    },
  };
}

/** The browser's sources: `window` messages and the callback BroadcastChannel (when the browser has one). */
export function browserCallbackSources(): CallbackSources {
  return {
    origin: location.origin,
    listenWindow(handler) {
      const listener = (event: MessageEvent) => handler({ origin: event.origin, data: event.data });
      window.addEventListener('message', listener);
      return () => window.removeEventListener('message', listener);
    },
    listenChannel(handler) {
      if (typeof BroadcastChannel === 'undefined') return () => undefined;
      const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
      channel.onmessage = (event) => handler(event.data);
      return () => channel.close();
    },
    acknowledge(state) {
      if (typeof BroadcastChannel === 'undefined') return;
      const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
      channel.postMessage({ type: OAUTH_CALLBACK_RECEIVED, state });
      channel.close();
    },
  };
}
