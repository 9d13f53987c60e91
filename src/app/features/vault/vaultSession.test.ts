import { describe, expect, it } from 'vitest';
import { createVaultSession, type VaultSession } from './vaultInstance';
import { memoryVaultStorage } from './vaultStorage';
import { manualTime, ordersEntry, tokenServer } from './vaultTestDoubles';

function session(server = tokenServer(), time = manualTime(), storage = memoryVaultStorage()): VaultSession {
  let id = 0;
  return createVaultSession({ storage, transport: server.transport, now: time.now, timers: time.timers, newId: () => `entry-${++id}` });
}

function openInMemory(s: VaultSession, patch: Partial<typeof ordersEntry> = {}): string {
  s.createInMemory();
  const id = s.addEntry({ ...ordersEntry, ...patch });
  expect(s.giveRefreshToken(id, ' rt-0 ').ok).toBe(true);
  return id;
}

describe('exchange', () => {
  it('sends the spec JSON body, stores the access token and the rotated refresh token together', async () => {
    const server = tokenServer();
    const s = session(server);
    const id = openInMemory(s);
    const result = await s.refresh(id, 'manual');
    expect(result.ok && result.value.token).toBe('at-1');
    expect(JSON.parse(String(server.requests[0]!.body?.[0]))).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'rt-0' });
    const entry = s.entry(id)!;
    expect(entry.state).toMatchObject({ phase: 'held', refreshToken: 'rt-1', access: { token: 'at-1' }, rotations: 1 });
    expect(entry.log[0]).toMatchObject({ trigger: 'manual', outcome: 'ok', status: 200, rotated: true, expiresInSeconds: 60 });
  });

  it('keeps secrets out of the exchange log, even when the server echoes them', async () => {
    const s = session();
    const id = openInMemory(s);
    await s.refresh(id, 'manual');
    s.giveRefreshToken(id, 'rt-stale-token');
    await s.refresh(id, 'manual');
    const log = JSON.stringify(s.entry(id)!.log);
    expect(log).toContain('invalid_grant');
    for (const secret of ['rt-stale-token', 'rt-1', 'at-1', 'demo-secret']) expect(log).not.toContain(secret);
  });

  it('shares one exchange among concurrent requests', async () => {
    let open!: () => void;
    const server = tokenServer({ gate: new Promise<void>((resolve) => (open = resolve)) });
    const s = session(server);
    const id = openInMemory(s);
    const calls = Array.from({ length: 4 }, () => s.resolveAuth(id, 'https://api.example.com/orders'));
    open();
    const results = await Promise.all(calls);
    expect(results.map((r) => r.ok && r.value.value)).toEqual(Array(4).fill('Bearer at-1'));
    expect(server.requests).toHaveLength(1);
  });

  it('marks the entry revoked when the grant is gone, and says so to the composer', async () => {
    const server = tokenServer();
    const s = session(server);
    const id = openInMemory(s);
    server.revoke();
    const refreshed = await s.refresh(id, 'manual');
    expect(!refreshed.ok && refreshed.error.message).toContain('grant access again');
    expect(s.entry(id)!.state.phase).toBe('revoked');
    const auth = await s.resolveAuth(id, 'https://api.example.com/orders');
    expect(!auth.ok && auth.error.kind).toBe('vault-grant-revoked');
  });

  it('shows invalid_client plainly and keeps the refresh token for a retry', async () => {
    const s = session();
    const id = openInMemory(s, { clientSecret: 'wrong' });
    const refreshed = await s.refresh(id, 'manual');
    expect(!refreshed.ok && refreshed.error.message).toContain('client_id or client_secret is wrong');
    expect(s.entry(id)!.state).toMatchObject({ phase: 'failed', refreshToken: 'rt-0' });
  });
});

describe('resolveAuth', () => {
  it('refuses a host outside the list and plain http, before any exchange', async () => {
    const server = tokenServer();
    const s = session(server);
    const id = openInMemory(s);
    const elsewhere = await s.resolveAuth(id, 'https://evil.example.net/');
    expect(!elsewhere.ok && elsewhere.error.kind).toBe('vault-host-refused');
    const http = await s.resolveAuth(id, 'http://api.example.com/');
    expect(!http.ok && http.error.kind).toBe('vault-insecure');
    expect(server.requests).toHaveLength(0);
  });

  it('uses the held token until the refresh is due, then refreshes first', async () => {
    const time = manualTime();
    const server = tokenServer();
    const s = session(server, time);
    const id = openInMemory(s);
    await s.resolveAuth(id, 'https://api.example.com/');
    time.advance(10_000);
    const again = await s.resolveAuth(id, 'https://api.example.com/');
    expect(again.ok && again.value.value).toBe('Bearer at-1');
    time.advance(50_000);
    const later = await s.resolveAuth(id, 'https://api.example.com/');
    expect(later.ok && later.value.value).toBe('Bearer at-2');
    expect(s.entry(id)!.log[0]!.trigger).toBe('on-demand');
  });

  it('applies the JWT and custom schemes', async () => {
    const s = session();
    const id = openInMemory(s);
    const entry = s.entry(id)!;
    s.updateEntry({ ...entry.config, scheme: { kind: 'custom', prefix: 'Token' } });
    const auth = await s.resolveAuth(id, 'https://api.example.com/');
    expect(auth.ok && auth.value.value).toBe('Token at-1');
  });

  it('says the vault is locked or missing an entry', async () => {
    const s = session();
    await s.load();
    expect(await s.resolveAuth('x', 'https://api.example.com/')).toMatchObject({ ok: false, error: { kind: 'vault-not-set-up' } });
    s.createInMemory();
    expect(await s.resolveAuth('x', 'https://api.example.com/')).toMatchObject({ ok: false, error: { kind: 'vault-entry-missing' } });
  });
});

describe('handleUnauthorized', () => {
  it('refreshes once for invalid_token, and not for other challenges', async () => {
    const server = tokenServer();
    const s = session(server);
    const id = openInMemory(s);
    await s.refresh(id, 'manual');
    expect(await s.handleUnauthorized(id, 'Bearer realm="x"')).toBe('not-refreshable');
    expect(await s.handleUnauthorized(id, undefined)).toBe('not-refreshable');
    expect(server.requests).toHaveLength(1);
    expect(await s.handleUnauthorized(id, 'Bearer error="invalid_token", error_description="The access token expired"')).toBe('refreshed');
    expect(s.entry(id)!.state.access?.token).toBe('at-2');
    expect(s.entry(id)!.log[0]!.trigger).toBe('unauthorized');
  });

  it('is not refreshable when the grant is gone', async () => {
    const server = tokenServer();
    const s = session(server);
    const id = openInMemory(s);
    await s.refresh(id, 'manual');
    server.revoke();
    expect(await s.handleUnauthorized(id, 'Bearer error="invalid_token"')).toBe('not-refreshable');
    expect(s.entry(id)!.state.phase).toBe('revoked');
  });
});

describe('automatic refresh', () => {
  it('exchanges a new refresh token at once and then shortly before each expiry', async () => {
    const time = manualTime();
    const server = tokenServer({ lifeSeconds: 60 });
    const s = session(server, time);
    s.createInMemory();
    const id = s.addEntry({ ...ordersEntry, autoRefresh: true, refreshLeadSeconds: 10, clockSkewSeconds: 5 });
    s.giveRefreshToken(id, 'rt-0');
    time.advance(0);
    await s.flights.whenIdle();
    expect(s.entry(id)!.state.access?.token).toBe('at-1');
    expect(s.entry(id)!.log[0]!.trigger).toBe('granted');
    // 60 s token, 5 s skew, 10 s lead: the next refresh is due 45 s later.
    time.advance(44_000);
    expect(server.requests).toHaveLength(1);
    time.advance(1_000);
    await s.flights.whenIdle();
    expect(server.requests).toHaveLength(2);
    expect(s.entry(id)!.log[0]).toMatchObject({ trigger: 'scheduled', outcome: 'ok' });
    s.dispose();
  });

  it('retries a failed scheduled refresh with backoff (5 s, 15 s, …) before the token expires', async () => {
    const time = manualTime();
    const server = tokenServer({ lifeSeconds: 60 });
    let down = false;
    const attempts: number[] = [];
    const start = time.now();
    // The token endpoint is unavailable for a while: 503 temporarily_unavailable, a failure a retry may fix.
    const transport: typeof server.transport = async (wire) => {
      attempts.push((time.now() - start) / 1000);
      if (!down) return server.transport(wire);
      return { ok: true, value: { status: 503, headers: [{ name: 'Content-Type', value: 'application/json' }], bodyText: '{"error":"temporarily_unavailable"}' } };
    };
    let n = 0;
    const s = createVaultSession({ storage: memoryVaultStorage(), transport, now: time.now, timers: time.timers, newId: () => `entry-${++n}` });
    s.createInMemory();
    const id = s.addEntry({ ...ordersEntry, autoRefresh: true, refreshLeadSeconds: 10, clockSkewSeconds: 5 });
    const settle = async (ms: number) => {
      time.advance(ms);
      await s.flights.whenIdle();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    s.giveRefreshToken(id, 'rt-0');
    await settle(0);
    expect(s.entry(id)!.state.access?.token).toBe('at-1');
    // 60 s token, 5 s skew, 10 s lead: due at 45 s, counts as expired at 55 s.
    down = true;
    await settle(45_000);
    expect(s.entry(id)!.state.phase).toBe('failed');
    await settle(5_000);
    expect(attempts).toEqual([0, 45, 50]);
    // The next retry (50 + 15 s) would come after the expiry: one last try a second before it.
    down = false;
    await settle(3_000);
    expect(attempts).toEqual([0, 45, 50]);
    await settle(1_000);
    expect(attempts).toEqual([0, 45, 50, 54]);
    expect(s.entry(id)!.state).toMatchObject({ phase: 'held', access: { token: 'at-2' } });
    expect(s.entry(id)!.log.map((r) => `${r.trigger}:${r.outcome}`)).toEqual(['retry:ok', 'retry:error', 'scheduled:error', 'granted:ok']);
    // Renewed: the backoff starts afresh, the next refresh is the usual scheduled one (54 + 45 s).
    await settle(44_000);
    expect(attempts).toEqual([0, 45, 50, 54]);
    await settle(1_000);
    expect(attempts).toEqual([0, 45, 50, 54, 99]);
    s.dispose();
  });

  it('stops retrying once the token has expired', async () => {
    const time = manualTime();
    const attempts: number[] = [];
    const start = time.now();
    const server = tokenServer({ lifeSeconds: 60 });
    let down = false;
    const transport: typeof server.transport = async (wire) => {
      attempts.push((time.now() - start) / 1000);
      return down ? { ok: true, value: { status: 502, headers: [], bodyText: 'Bad Gateway' } } : server.transport(wire);
    };
    const s = createVaultSession({ storage: memoryVaultStorage(), transport, now: time.now, timers: time.timers, newId: () => 'e' });
    s.createInMemory();
    const id = s.addEntry({ ...ordersEntry, autoRefresh: true, refreshLeadSeconds: 10, clockSkewSeconds: 5 });
    s.giveRefreshToken(id, 'rt-0');
    time.advance(0);
    await s.flights.whenIdle();
    down = true;
    // One second at a time: the transport sees the clock the timer fired at.
    for (let i = 0; i < 200; i++) {
      time.advance(1_000);
      await s.flights.whenIdle();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(attempts).toEqual([0, 45, 50, 54]);
    expect(s.entry(id)!.state.phase).toBe('failed');
    s.dispose();
  });

  it('does not retry in a loop after a failed scheduled refresh', async () => {
    const time = manualTime();
    const server = tokenServer();
    const s = session(server, time);
    s.createInMemory();
    const id = s.addEntry({ ...ordersEntry, clientSecret: 'wrong', autoRefresh: true });
    s.giveRefreshToken(id, 'rt-0');
    time.advance(0);
    await s.flights.whenIdle();
    time.advance(600_000);
    expect(server.requests).toHaveLength(1);
    expect(s.entry(id)!.state.phase).toBe('failed');
    s.dispose();
  });
});

describe('sealed at rest', () => {
  it('stores only ciphertext and names, reopens with the passphrase, and forgets everything', async () => {
    const storage = memoryVaultStorage();
    const server = tokenServer();
    const s = session(server, manualTime(), storage);
    await s.load();
    expect(s.store.getState().mode).toBe('unset');
    expect(await s.createSealed('short')).toMatchObject({ ok: false, error: { kind: 'vault-passphrase-weak' } });
    expect((await s.createSealed('open sesame, please')).ok).toBe(true);
    const id = s.addEntry(ordersEntry);
    s.giveRefreshToken(id, 'rt-0');
    await s.refresh(id, 'manual');
    await s.whenSaved();

    const raw = JSON.stringify(storage.record);
    for (const secret of ['demo-secret', 'rt-1', 'at-1', 'open sesame']) expect(raw).not.toContain(secret);
    expect(storage.record?.index).toEqual([{ id, name: 'Orders' }]);

    await s.lock();
    expect(s.store.getState()).toMatchObject({ mode: 'locked', entries: [] });
    expect(await s.unlock('open sesame, PLEASE')).toMatchObject({ ok: false, error: { kind: 'vault-passphrase-wrong' } });
    expect((await s.unlock('open sesame, please')).ok).toBe(true);
    expect(s.entry(id)!.state).toMatchObject({ refreshToken: 'rt-1', access: { token: 'at-1' } });

    await s.forgetEverything();
    expect(storage.record).toBeUndefined();
    expect(s.store.getState()).toMatchObject({ mode: 'unset', entries: [], index: [] });
  }, 60_000);

  it('lets an exchange in flight land and be sealed before locking', async () => {
    let open!: () => void;
    const storage = memoryVaultStorage();
    const server = tokenServer({ gate: new Promise<void>((resolve) => (open = resolve)) });
    const s = session(server, manualTime(), storage);
    await s.createSealed('open sesame, please');
    const id = s.addEntry(ordersEntry);
    s.giveRefreshToken(id, 'rt-0');
    const refreshing = s.refresh(id, 'manual');
    const locking = s.lock();
    open();
    await Promise.all([refreshing, locking]);
    expect(s.store.getState().mode).toBe('locked');
    expect((await s.unlock('open sesame, please')).ok).toBe(true);
    expect(s.entry(id)!.state.refreshToken).toBe(server.current);
  }, 60_000);

  it('a failed unlock never deletes what is stored', async () => {
    const storage = memoryVaultStorage();
    const s = session(tokenServer(), manualTime(), storage);
    await s.createSealed('open sesame, please');
    s.addEntry(ordersEntry);
    await s.whenSaved();
    await s.lock();
    const before = JSON.stringify(storage.record);
    await s.unlock('wrong passphrase');
    expect(JSON.stringify(storage.record)).toBe(before);
  }, 60_000);
});
