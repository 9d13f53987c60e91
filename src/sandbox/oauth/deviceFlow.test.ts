import { beforeEach, describe, expect, it } from 'vitest';
import { setSandboxClock } from '../clock';
import { GRANT_TYPES } from './clients';
import { useOAuthSandbox } from '../../testing/oauthSandbox';

const t = useOAuthSandbox();
let now = 0;
beforeEach(() => {
  now = Date.now();
  setSandboxClock(() => now);
});

const poll = (deviceCode: string) => t.as.token({ grant_type: GRANT_TYPES.deviceCode, device_code: deviceCode, client_id: 'wb-device' });

async function startDevice(): Promise<any> {
  const answer = await t.as.post('/device_authorization', { client_id: 'wb-device', scope: 'openid orders:read' });
  expect(answer.status).toBe(200);
  return answer.json;
}

/** The user's side: open verification_uri_complete, continue, sign in, decide. */
async function userDecides(started: any, decision: 'approve' | 'deny'): Promise<string> {
  const page = await fetch(started.verification_uri_complete);
  expect(await page.text()).toContain(`value="${started.user_code}"`);
  // Typed in lower case with a space instead of the dash: still the same code.
  const login = await t.as.postPage('/sandbox/oauth/device', { user_code: started.user_code.toLowerCase().replace('-', ' ') });
  expect(login.status).toBe(200);
  const consent = await t.as.signIn(await login.text());
  const consentHtml = await consent.text();
  expect(consentHtml).toContain('Wirebench TV App');
  return (await t.as.decide(consentHtml, decision)).text();
}

describe('device authorization grant (RFC 8628)', () => {
  it('answers a device code, an 8-letter user code, the verification URIs, expires_in and interval 5', async () => {
    const started = await startDevice();
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri).toBe(`${t.as.issuer}/device`);
    expect(started.verification_uri_complete).toBe(`${t.as.issuer}/device?user_code=${started.user_code}`);
    expect(started).toMatchObject({ expires_in: 600, interval: 5 });
  });

  it('polls authorization_pending, then slow_down when too fast (interval +5 s), then tokens after approval', async () => {
    const started = await startDevice();
    expect((await poll(started.device_code)).json.error).toBe('authorization_pending');
    now += 2_000;
    const slow = await poll(started.device_code);
    expect(slow.json.error).toBe('slow_down');
    expect(slow.json.error_description).toContain('10 s');
    now += 6_000;
    expect((await poll(started.device_code)).json.error).toBe('slow_down');
    now += 15_000;
    expect((await poll(started.device_code)).json.error).toBe('authorization_pending');
    expect(await userDecides(started, 'approve')).toContain('You approved the device');
    now += 15_000;
    const tokens = await poll(started.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.json).toMatchObject({ token_type: 'Bearer', scope: 'openid orders:read' });
    expect(tokens.json.id_token).toBeDefined();
    expect(tokens.json.refresh_token).toMatch(/^rt_/);
    now += 15_000;
    expect((await poll(started.device_code)).json.error_description).toContain('already exchanged');
  });

  it('answers access_denied once the user denies', async () => {
    const started = await startDevice();
    expect(await userDecides(started, 'deny')).toContain('You denied');
    const denied = await poll(started.device_code);
    expect(denied).toMatchObject({ status: 400, json: { error: 'access_denied' } });
  });

  it('answers expired_token after expires_in, and the verification page refuses the old code', async () => {
    const started = await startDevice();
    now += 601_000;
    expect((await poll(started.device_code)).json.error).toBe('expired_token');
    const page = await t.as.postPage('/sandbox/oauth/device', { user_code: started.user_code });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('has expired');
  });

  it('refuses an unknown user code on the page, a client without the grant, and another client polling', async () => {
    const page = await t.as.postPage('/sandbox/oauth/device', { user_code: 'BBBB-BBBB' });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('no device code');
    const notAllowed = await t.as.post('/device_authorization', { client_id: 'wb-public' });
    expect(notAllowed.json.error).toBe('unauthorized_client');
    const started = await startDevice();
    const other = await t.as.token({ grant_type: GRANT_TYPES.deviceCode, device_code: started.device_code, client_id: 'wb-public' });
    expect(other.json.error).toBe('unauthorized_client');
  });
});
