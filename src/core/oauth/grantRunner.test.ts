/**
 * The grant runner with a scripted provider: what it says about an answer it accepts (an
 * "openid" sign-in that brought no ID token), and the steps of a run settled into what
 * each came to once later steps followed.
 */
import { describe, expect, it } from 'vitest';
import { ok, type WireRequest } from '../types';
import type { TokenEndpointAnswer } from '../vault/tokenResponse';
import { runGrant, type GrantRunnerDeps, type GrantSettings } from './grantRunner';
import { settleGrantSteps, type GrantStep } from './grantSteps';

const json = (status: number, body: unknown): TokenEndpointAnswer => ({ status, headers: [{ name: 'Content-Type', value: 'application/json' }], bodyText: JSON.stringify(body) });

function scripted(answer: TokenEndpointAnswer, redirect?: (url: string) => string) {
  const steps: GrantStep[] = [];
  const sent: WireRequest[] = [];
  const deps: GrantRunnerDeps = {
    send: async (wire) => {
      sent.push(wire);
      return ok(answer);
    },
    now: () => 1000,
    sleep: async () => undefined,
    report: (step) => steps.push(step),
    ...(redirect ? { authorize: async (url: string) => redirect(url) } : {}),
  };
  return { deps, steps, sent };
}

const code = (scope: string): GrantSettings => ({
  grant: 'authorization_code',
  client: { clientId: 'app', authMethod: 'none' },
  tokenEndpoint: 'https://as.example/token',
  authorizationEndpoint: 'https://as.example/authorize',
  redirectUri: 'http://127.0.0.1:4780/oauth/callback',
  issuer: 'https://as.example',
  scope,
});
const back = (url: string) => `http://127.0.0.1:4780/oauth/callback?code=c&state=${new URL(url).searchParams.get('state')}`;

describe('"openid" asked, no ID token back', () => {
  it('is accepted with a warning step and a warning on the outcome, naming what was granted', async () => {
    const { deps, steps } = scripted(json(200, { access_token: 'at', token_type: 'Bearer', scope: 'profile' }), back);
    const outcome = await runGrant(code('openid profile'), deps);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.idToken).toBeUndefined();
    expect(outcome.value.warnings).toHaveLength(1);
    expect(outcome.value.warnings![0]).toContain('no ID token came back');
    expect(outcome.value.warnings![0]).toContain('"profile" leaves "openid" out');
    expect(steps.at(-1)).toMatchObject({ step: 'warning', summary: outcome.value.warnings![0] });
  });

  it('the device and password grants warn too; without "openid" nothing is said', async () => {
    const password = scripted(json(200, { access_token: 'at', token_type: 'Bearer' }));
    const settings: GrantSettings = { ...code('openid'), grant: 'password', username: 'u', password: 'p' };
    const warned = await runGrant(settings, password.deps);
    expect(warned.ok && warned.value.warnings?.[0]).toContain('no ID token came back');

    const plain = scripted(json(200, { access_token: 'at', token_type: 'Bearer' }), back);
    const quiet = await runGrant(code('orders:read openidish'), plain.deps);
    expect(quiet.ok && quiet.value.warnings).toBeUndefined();
    expect(plain.steps.some((s) => s.step === 'warning')).toBe(false);
  });
});

describe('settleGrantSteps', () => {
  const step = (name: GrantStep['step'], outcome: GrantStep['outcome']): GrantStep => ({ at: 0, step: name, outcome, summary: name });
  const shape = (steps: GrantStep[]) => steps.map((s) => `${s.step}:${s.outcome}`);

  it('the sign-in ends as its redirect did; the last step of a running grant keeps waiting', () => {
    expect(shape(settleGrantSteps([step('authorize', 'waiting')]))).toEqual(['authorize:waiting']);
    expect(shape(settleGrantSteps([step('authorize', 'waiting'), step('callback', 'ok'), step('token', 'ok')]))).toEqual(['authorize:ok', 'callback:ok', 'token:ok']);
    expect(shape(settleGrantSteps([step('authorize', 'waiting'), step('callback', 'error')], 'failed'))).toEqual(['authorize:error', 'callback:error']);
  });

  it('device code and polls: done once the next step came; the code ends with the person\'s answer', () => {
    const polling = [step('device', 'waiting'), step('poll', 'waiting'), step('poll', 'waiting')];
    expect(shape(settleGrantSteps(polling))).toEqual(['device:waiting', 'poll:ok', 'poll:waiting']);
    expect(shape(settleGrantSteps([...polling, step('token', 'ok'), step('id-token', 'ok')], 'done'))).toEqual(['device:ok', 'poll:ok', 'poll:ok', 'token:ok', 'id-token:ok']);
    expect(shape(settleGrantSteps([...polling, step('poll', 'error')], 'failed'))).toEqual(['device:error', 'poll:ok', 'poll:ok', 'poll:error']);
  });

  it('a run that ended leaves nothing waiting', () => {
    expect(shape(settleGrantSteps([step('device', 'waiting'), step('poll', 'waiting')], 'cancelled'))).toEqual(['device:error', 'poll:error']);
    const input = [step('authorize', 'waiting'), step('callback', 'ok')];
    settleGrantSteps(input, 'done');
    expect(input[0]!.outcome).toBe('waiting');
  });
});
