/**
 * Script runs across a message port (a Web Worker in the page): the serving side runs each
 * script in its engine and bridges `pm.sendRequest` and `pm.cookies.jar()` back to the asking
 * side by messages; the
 * asking side gets `run(input)` with the same plain data in and out as the engine itself.
 * Everything sent is structured-clone safe.
 */
import type { ScriptEngine, ScriptSession } from './engine';
import { SCRIPT_DEFAULTS, type ScriptCookie, type ScriptCookieJar, type ScriptRequest, type ScriptResponse, type ScriptRunInput, type ScriptRunResult, type SendRequestHost } from './types';

/** A run as it crosses the port: the input without its callbacks (sendRequest, cookieJar). */
export type ScriptRunMessageInput = Omit<ScriptRunInput, 'sendRequest' | 'cookieJar'>;

/** A `pm.cookies.jar()` call as it crosses the port. */
export type JarCall = { op: 'getAll'; url: string } | { op: 'set'; url: string; cookie: ScriptCookie } | { op: 'unset'; url: string; name: string } | { op: 'clear'; url: string };

/** Messages to the side that runs scripts. */
export type ToScriptHost =
  | { type: 'run'; runId: number; input: ScriptRunMessageInput; canSend: boolean; hasJar?: boolean; session?: string }
  | { type: 'close-session'; session: string }
  | { type: 'sent'; runId: number; sendId: number; response: ScriptResponse }
  | { type: 'send-failed'; runId: number; sendId: number; message: string }
  | { type: 'jar-done'; runId: number; jarId: number; cookies?: ScriptCookie[] }
  | { type: 'jar-failed'; runId: number; jarId: number; message: string };

/** Messages from the side that runs scripts. */
export type FromScriptHost =
  | { type: 'send'; runId: number; sendId: number; request: ScriptRequest }
  | { type: 'jar'; runId: number; jarId: number; call: JarCall }
  | { type: 'result'; runId: number; result: ScriptRunResult }
  | { type: 'failed'; runId: number; message: string };

/** The little a port needs: a Worker, a worker's global scope and a MessagePort all fit. */
export interface ScriptPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Serves runs arriving on `port` with the engine (the worker side). */
export function serveScriptRuns(port: ScriptPort, engine: Promise<ScriptEngine>): void {
  const pendingSends = new Map<string, { resolve: (r: ScriptResponse) => void; reject: (e: Error) => void }>();
  const pendingJar = new Map<string, { resolve: (cookies: ScriptCookie[] | undefined) => void; reject: (e: Error) => void }>();
  let nextSendId = 1;
  let nextJarId = 1;
  // Runs named with a session share its context (engine.ts, ScriptSession); others run alone.
  const sessions = new Map<string, Promise<ScriptSession>>();
  port.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as ToScriptHost;
    if (message.type === 'close-session') {
      const session = sessions.get(message.session);
      sessions.delete(message.session);
      void session?.then((s) => s.close());
      return;
    }
    if (message.type === 'jar-done' || message.type === 'jar-failed') {
      const key = `${message.runId}:${message.jarId}`;
      const pending = pendingJar.get(key);
      pendingJar.delete(key);
      if (message.type === 'jar-done') pending?.resolve(message.cookies);
      else pending?.reject(new Error(message.message));
      return;
    }
    if (message.type === 'sent' || message.type === 'send-failed') {
      const key = `${message.runId}:${message.sendId}`;
      const pending = pendingSends.get(key);
      pendingSends.delete(key);
      if (message.type === 'sent') pending?.resolve(message.response);
      else pending?.reject(new Error(message.message));
      return;
    }
    if (message.type !== 'run') return;
    const { runId, input, canSend, hasJar, session: sessionKey } = message;
    const askJar = (call: JarCall) =>
      new Promise<ScriptCookie[] | undefined>((resolve, reject) => {
        const jarId = nextJarId++;
        pendingJar.set(`${runId}:${jarId}`, { resolve, reject });
        port.postMessage({ type: 'jar', runId, jarId, call } satisfies FromScriptHost);
      });
    const cookieJar: ScriptCookieJar | undefined = hasJar
      ? {
          getAll: async (url) => (await askJar({ op: 'getAll', url })) ?? [],
          set: async (url, cookie) => void (await askJar({ op: 'set', url, cookie })),
          unset: async (url, name) => void (await askJar({ op: 'unset', url, name })),
          clear: async (url) => void (await askJar({ op: 'clear', url })),
        }
      : undefined;
    const sendRequest: SendRequestHost | undefined = canSend
      ? (request) =>
          new Promise<ScriptResponse>((resolve, reject) => {
            const sendId = nextSendId++;
            pendingSends.set(`${runId}:${sendId}`, { resolve, reject });
            port.postMessage({ type: 'send', runId, sendId, request } satisfies FromScriptHost);
          })
      : undefined;
    let runner: Promise<Pick<ScriptEngine, 'run'>> = engine;
    if (sessionKey !== undefined) {
      let session = sessions.get(sessionKey);
      if (!session) sessions.set(sessionKey, (session = engine.then((loaded) => loaded.openSession())));
      runner = session;
    }
    runner
      .then((loaded) => loaded.run({ ...input, sendRequest, cookieJar }))
      .then(
        (result) => port.postMessage({ type: 'result', runId, result } satisfies FromScriptHost),
        (error: unknown) => port.postMessage({ type: 'failed', runId, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies FromScriptHost),
      );
  });
}

/** Options of the asking side. */
export interface ScriptRunnerOptions {
  /**
   * Called when a run has not answered `graceMs` after its own time limit: a single long
   * native operation inside QuickJS does not check the time limit, so the owner should then
   * terminate the worker (and start a new one). The run resolves with a timeout error.
   */
  onUnresponsive?: () => void;
  /** Default 2,000 ms. */
  graceMs?: number;
}

/** The asking side's runner: `session` names a session whose runs share one context (a collection run). */
export interface ScriptRunner {
  run(input: ScriptRunInput, options?: { session?: string }): Promise<ScriptRunResult>;
  /** Ends a session: its context is freed in the worker (a later run with the name starts a new one). */
  closeSession(session: string): void;
}

/** The asking side (the page): `run` posts the input and answers the worker's send requests. */
export function createScriptRunner(port: ScriptPort, options: ScriptRunnerOptions = {}): ScriptRunner {
  const runs = new Map<number, { input: ScriptRunInput; resolve: (r: ScriptRunResult) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  let nextRunId = 1;
  port.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as FromScriptHost;
    const run = runs.get(message.runId);
    if (!run) return;
    if (message.type === 'jar') {
      const jar = run.input.cookieJar;
      if (!jar) return;
      const { call } = message;
      Promise.resolve()
        .then(async () => {
          if (call.op === 'getAll') return jar.getAll(call.url);
          if (call.op === 'set') await jar.set(call.url, call.cookie);
          else if (call.op === 'unset') await jar.unset(call.url, call.name);
          else await jar.clear(call.url);
          return undefined;
        })
        .then(
          (cookies) => port.postMessage({ type: 'jar-done', runId: message.runId, jarId: message.jarId, ...(cookies ? { cookies } : {}) } satisfies ToScriptHost),
          (error: unknown) => port.postMessage({ type: 'jar-failed', runId: message.runId, jarId: message.jarId, message: error instanceof Error ? error.message : String(error) } satisfies ToScriptHost),
        );
      return;
    }
    if (message.type === 'send') {
      const sender = run.input.sendRequest;
      if (!sender) return;
      Promise.resolve()
        .then(() => sender(message.request))
        .then(
          (response) => port.postMessage({ type: 'sent', runId: message.runId, sendId: message.sendId, response } satisfies ToScriptHost),
          (error: unknown) =>
            port.postMessage({ type: 'send-failed', runId: message.runId, sendId: message.sendId, message: error instanceof Error ? error.message : String(error) } satisfies ToScriptHost),
        );
      return;
    }
    runs.delete(message.runId);
    clearTimeout(run.timer);
    if (message.type === 'result') run.resolve(message.result);
    else run.reject(new TypeError(message.message));
  });
  return {
    closeSession(session) {
      port.postMessage({ type: 'close-session', session } satisfies ToScriptHost);
    },
    run(input, runOptions = {}) {
      const runId = nextRunId++;
      const { sendRequest, cookieJar, ...plain } = input;
      const limit = (input.timeoutMs ?? SCRIPT_DEFAULTS.timeoutMs) + (options.graceMs ?? 2_000);
      return new Promise<ScriptRunResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          runs.delete(runId);
          options.onUnresponsive?.();
          resolve({
            tests: [],
            variables: { environment: { set: {}, unset: [] }, collection: { set: {}, unset: [] }, globals: { set: {}, unset: [] }, local: { set: {}, unset: [] } },
            console: [],
            errors: [{ kind: 'timeout', message: `The script did not finish within ${input.timeoutMs ?? SCRIPT_DEFAULTS.timeoutMs} ms and its worker did not answer; it was stopped` }],
            durationMs: limit,
          });
        }, limit);
        runs.set(runId, { input, resolve, reject, timer });
        port.postMessage({ type: 'run', runId, input: plain, canSend: Boolean(sendRequest), hasJar: Boolean(cookieJar), ...(runOptions.session !== undefined ? { session: runOptions.session } : {}) } satisfies ToScriptHost);
      });
    },
  };
}
