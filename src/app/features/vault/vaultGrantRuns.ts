/**
 * Grants the vault runs itself, one per entry at a time, as the dialog shows them: each
 * step as it happens, the authorization URL's parameters explained, the device code to
 * enter, and the outcome. Kept outside the dialog so switching its tabs does not stop a
 * sign-in, and outside the session because nothing here is sealed: a run holds no secret
 * (the device code, verifier and code never enter it) and is forgotten with the page.
 * Only a successful run stores tokens, through `completeGrant`; every run that started,
 * whatever its outcome, leaves its steps in the entry's exchange log (no secret in them).
 */
import { createStore } from 'zustand/vanilla';
import type { CoreError, Result, TokenEndpointAnswer, VaultExchangeRecord, VaultGrantType } from '../../../core';
import { runGrant, settleGrantSteps, type DeviceAuthorization, type GrantRunEnd, type GrantRunnerDeps, type GrantStep } from '../../../core/oauth';
import { waitForAuthorizationCallback, type CallbackSources, type CallbackWaiter } from './oauthCallbackWaiter';
import { explainEndpointAnswer } from './vaultGrants';
import { grantSettingsOf, oauthOf } from './vaultGrantSettings';
import type { VaultSession } from './vaultInstance';

/** One authorization parameter as shown: random values masked. */
export interface ShownParameter {
  name: string;
  value: string;
  explanation: string;
}

/** What the dialog shows of a grant run. */
export interface GrantRunView {
  grant: Exclude<VaultGrantType, 'manual'>;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  steps: GrantStep[];
  /** The sign-in page: where it opened and the parameters sent. The URL carries no secret (PKCE sends only the challenge). */
  authorization?: { url: string; opened: 'popup' | 'tab' | 'blocked'; parameters: ShownParameter[]; manual: boolean };
  /** The device grant's code for the person; the device code itself is never kept. */
  device?: { userCode: string; verificationUri: string; verificationUriComplete?: string; expiresAt: number; intervalSeconds: number };
  /** Why the run failed, in words the person can act on. */
  error?: string;
  /** What the person should know about tokens that were accepted (an "openid" sign-in without ID token). */
  warnings?: string[];
  /** The validated ID token's claims and the checks it passed. */
  idToken?: { claims: Record<string, unknown>; checks: string[] };
}

/** The browser (or a test's stand-in) around the runs. */
export interface GrantRunEnv {
  session: Pick<VaultSession, 'entry' | 'completeGrant' | 'logGrantRun' | 'deps'>;
  origin: string;
  /** Opens the sign-in page: in a popup, else a new tab; says which, or that both were blocked. */
  openWindow(url: string): 'popup' | 'tab' | 'blocked';
  callbackSources: CallbackSources;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const MASKED = new Set(['state', 'nonce']);

/** The authorization URL's parameters, explained by the runner's `authorize` step, random values masked. */
export function shownParameters(url: string, explained: string | undefined): ShownParameter[] {
  const explanations = new Map<string, string>();
  for (const line of (explained ?? '').split('\n')) {
    const colon = line.indexOf(': ');
    if (colon > 0) explanations.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return [...new URL(url).searchParams].map(([name, value]) => ({
    name,
    value: MASKED.has(name) ? '•••••• (random, checked when the browser comes back)' : value,
    explanation: explanations.get(name) ?? 'A parameter the authorization endpoint\'s URL already carries.',
  }));
}

/**
 * The run's steps for the log, logged when the run is over (`ended`), so none is left
 * "waiting": the sign-in step keeps the request it made — the endpoint and each parameter
 * sent, random values masked — instead of the explanations the run shows beside them.
 */
function loggedSteps(run: GrantRunView | undefined, ended: GrantRunEnd): GrantStep[] {
  if (!run) return [];
  const authorization = run.authorization;
  return settleGrantSteps(run.steps, ended).map((step) => {
    if (step.step !== 'authorize' || !authorization) return step;
    const url = new URL(authorization.url);
    const sent = authorization.parameters.map((p) => `${p.name}=${MASKED.has(p.name) ? '•••' : p.value}`);
    return { ...step, detail: [`GET ${url.origin}${url.pathname}`, ...sent].join('\n') };
  });
}

/** The failure in words, with what the last answer reveals (an HTML page where JSON was expected). */
function failureText(error: CoreError, last: TokenEndpointAnswer | undefined): string {
  const html = last && /html/i.test(last.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '');
  return html ? `${error.message} ${explainEndpointAnswer('endpoint', last)}` : error.message;
}

export function createGrantRuns(env: GrantRunEnv) {
  const store = createStore<{ runs: Record<string, GrantRunView> }>(() => ({ runs: {} }));
  const running = new Map<string, { abort: AbortController; waiter?: CallbackWaiter }>();

  const update = (entryId: string, change: (run: GrantRunView) => GrantRunView) =>
    store.setState((s) => {
      const run = s.runs[entryId];
      return run ? { runs: { ...s.runs, [entryId]: change(run) } } : s;
    });

  /** Starts the entry's grant; a run already going for the entry is left alone. */
  async function start(entryId: string): Promise<Result<void>> {
    const record = env.session.entry(entryId);
    if (!record) return { ok: false, error: { kind: 'vault-entry-missing', message: 'The entry is gone.' } };
    const settings = grantSettingsOf(record.config, env.origin);
    if (!settings.ok) return settings;
    if (running.has(entryId)) return { ok: true, value: undefined };
    const abort = new AbortController();
    const control: { abort: AbortController; waiter?: CallbackWaiter } = { abort };
    running.set(entryId, control);
    const oauth = oauthOf(record.config);
    const manual = oauth.manualRedirect;
    const startedAt = env.session.deps.now();
    /** The run's log record: what was asked, how it ended, its steps (the runner keeps secrets out of them). */
    const logged = (ended: GrantRunEnd, outcome: Pick<VaultExchangeRecord, 'outcome' | 'errorCode' | 'message'> & Partial<VaultExchangeRecord>): VaultExchangeRecord => ({
      at: startedAt,
      trigger: 'get-tokens',
      endpoint: settings.value.tokenEndpoint,
      bodyFormat: 'form',
      request: settings.value.grant,
      clientAuthMethod: oauth.clientAuthMethod,
      durationMs: env.session.deps.now() - startedAt,
      ...(last ? { status: last.status } : {}),
      steps: loggedSteps(store.getState().runs[entryId], ended),
      ...outcome,
    });
    store.setState((s) => ({ runs: { ...s.runs, [entryId]: { grant: settings.value.grant, status: 'running', steps: [] } } }));
    let last: TokenEndpointAnswer | undefined;
    let lastExplained: string | undefined;
    const deps: GrantRunnerDeps = {
      send: async (wire) => {
        const answer = await env.session.deps.transport(wire);
        last = answer.ok ? answer.value : undefined;
        return answer;
      },
      now: () => env.session.deps.now(),
      sleep: env.sleep,
      report: (step) => {
        if (step.step === 'authorize') lastExplained = step.detail;
        // A new step ends the wait of the ones before it: they say how it ended, not "waiting".
        update(entryId, (run) => ({ ...run, steps: settleGrantSteps([...run.steps, step]) }));
      },
      authorize: (url, signal) => {
        const state = new URL(url).searchParams.get('state') ?? undefined;
        control.waiter = waitForAuthorizationCallback(state, env.callbackSources, signal);
        const opened = env.openWindow(url);
        update(entryId, (run) => ({ ...run, authorization: { url, opened, manual, parameters: shownParameters(url, lastExplained) } }));
        return control.waiter.answer;
      },
      showDeviceCode: (device: DeviceAuthorization) =>
        update(entryId, (run) => ({
          ...run,
          device: {
            userCode: device.userCode,
            verificationUri: device.verificationUri,
            ...(device.verificationUriComplete ? { verificationUriComplete: device.verificationUriComplete } : {}),
            expiresAt: env.session.deps.now() + device.expiresInSeconds * 1000,
            intervalSeconds: device.intervalSeconds,
          },
        })),
    };
    /** The run is over: its status, and no step left "waiting". */
    const end = (ended: GrantRunEnd, change: Partial<GrantRunView>) =>
      update(entryId, (run) => ({ ...run, ...change, status: ended, steps: settleGrantSteps(run.steps, ended) }));
    try {
      const outcome = await runGrant(settings.value, deps, abort.signal);
      if (abort.signal.aborted) {
        end('cancelled', { error: 'Cancelled: nothing was stored.' });
        env.session.logGrantRun(entryId, logged('cancelled', { outcome: 'error', errorCode: 'cancelled', message: 'Cancelled by the person.' }));
        return { ok: true, value: undefined };
      }
      if (!outcome.ok) {
        const text = failureText(outcome.error, last);
        end('failed', { error: `${text} Nothing was stored.` });
        env.session.logGrantRun(entryId, logged('failed', { outcome: 'error', errorCode: outcome.error.code ?? outcome.error.kind, message: text }));
        return outcome;
      }
      const idToken = outcome.value.idToken;
      const { tokens } = outcome.value;
      const warnings = outcome.value.warnings ?? [];
      const notes = [...(tokens.refreshToken ? [] : ['No refresh token was given.']), ...warnings];
      const stored = env.session.completeGrant(
        entryId,
        outcome.value,
        logged('done', {
          outcome: 'ok',
          ...(tokens.expiresInSeconds !== undefined ? { expiresInSeconds: tokens.expiresInSeconds } : {}),
          ...(tokens.scope !== undefined ? { scope: tokens.scope } : {}),
          ...(tokens.tokenType !== undefined ? { tokenType: tokens.tokenType } : {}),
          ...(idToken ? { idToken: { claims: { ...idToken.claims }, checks: idToken.checks.map((c) => c.name) } } : {}),
          ...(notes.length ? { message: notes.join(' ') } : {}),
        }),
      );
      end(stored.ok ? 'done' : 'failed', {
        ...(stored.ok ? {} : { error: stored.error.message }),
        ...(warnings.length ? { warnings } : {}),
        ...(idToken ? { idToken: { claims: { ...idToken.claims }, checks: idToken.checks.map((c) => c.name) } } : {}),
      });
      return stored;
    } finally {
      running.delete(entryId);
    }
  }

  return {
    store,
    start,
    /** Cancels the entry's run: the sign-in wait or the device polling stops, nothing is stored. */
    cancel(entryId: string) {
      running.get(entryId)?.abort.abort();
    },
    /** The address the person was redirected to, pasted by hand. */
    paste(entryId: string, redirect: string) {
      running.get(entryId)?.waiter?.paste(redirect);
    },
    /** Forgets a finished run's view. */
    dismiss(entryId: string) {
      if (running.has(entryId)) return;
      store.setState((s) => {
        const { [entryId]: _gone, ...rest } = s.runs;
        return { runs: rest };
      });
    },
  };
}

export type GrantRuns = ReturnType<typeof createGrantRuns>;
