import { describe, expect, it } from 'vitest';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { memoryWorkspaceStorage } from '../workspace/workspaceStorage';
import { cookieJarOf } from './cookieJarStore';
import { clearCookies, deleteCookie, saveCookie, storeExchangeCookies } from './jarChanges';
import { COOKIE_JAR_META_KEY, keepCookieJar } from './jarPersistence';
import type { RelayHead, RelayHop, RelaySummary } from '../../../core';

const hop = (url: string, setCookies: string[]): RelayHop =>
  ({ url, method: 'POST', status: 303, reason: 'See Other', location: '/me', headers: setCookies.map((value) => ({ name: 'Set-Cookie', value })) }) as RelayHop;

describe('the page jar', () => {
  it('stores every hop and the final response, as the relay did; edits go through the jar rules', () => {
    const jar = cookieJarOf(createWorkbenchStore());
    const head = { status: 200, reason: 'OK', httpVersion: '1.1', headers: [{ name: 'Set-Cookie', value: 'seen=1; Path=/app' }] } as RelayHead;
    const summary = { sent: { url: 'http://127.0.0.1:1/app/me' } } as RelaySummary;
    const outcomes = storeExchangeCookies(jar, [hop('http://127.0.0.1:1/login', ['sid=abc; Path=/; HttpOnly', 'broken'])], { head, summary });
    expect(outcomes.map((o) => o.result)).toEqual(['stored', 'rejected', 'stored']);
    expect(jar.getState().jar.cookies.map((c) => `${c.key}@${c.domain}${c.path}`)).toEqual(['sid@127.0.0.1/', 'seen@127.0.0.1/app']);

    expect(saveCookie(jar, { key: '__Host-x', value: 'v', domain: '127.0.0.1', path: '/app', hostOnly: true, secure: true })).toMatchObject({ result: 'rejected' });
    const edited = saveCookie(jar, { key: 'sid', value: 'edited', domain: '127.0.0.1', path: '/', hostOnly: true }, { key: 'sid', domain: '127.0.0.1', path: '/' });
    expect(edited.result).toBe('stored');
    expect(jar.getState().jar.cookies.find((c) => c.key === 'sid')?.value).toBe('edited');
    deleteCookie(jar, { key: 'seen', domain: '127.0.0.1', path: '/app' });
    expect(jar.getState().jar.cookies.map((c) => c.key)).toEqual(['sid']);
    clearCookies(jar, 'example.com');
    expect(jar.getState().jar.cookies).toHaveLength(1);
    clearCookies(jar);
    expect(jar.getState().jar.cookies).toEqual([]);
  });

  it('loads from the browser storage, drops damaged cookies, writes each change', async () => {
    const storage = memoryWorkspaceStorage();
    const jar = cookieJarOf(createWorkbenchStore());
    const stop = keepCookieJar(jar, { cookies: [{ key: 'a', value: '1', domain: 'h.test', path: '/' }, { key: 7 }] }, (value) => storage.putMeta(COOKIE_JAR_META_KEY, value));
    expect(jar.getState()).toMatchObject({ loaded: true, jar: { cookies: [{ key: 'a' }] } });
    clearCookies(jar);
    await Promise.resolve();
    expect(storage.stores.meta.get(COOKIE_JAR_META_KEY)).toEqual({ cookies: [] });
    stop();
  });
});

describe('history and the jar', () => {
  it('cookie values the relay sent from the jar or a response set are masked where the response body repeats them', async () => {
    const { historyEntryWithSecrets } = await import('../workspace/workspaceRecords');
    const { normaliseDraft, maskResponseBody } = await import('../../../core');
    const { entry, carried } = historyEntryWithSecrets({
      id: 'his-1',
      sentAt: 0,
      bodyStored: true,
      draft: normaliseDraft({ url: 'http://127.0.0.1:1/me' }),
      wire: { method: 'GET', url: 'http://127.0.0.1:1/me', headers: [] },
      head: { status: 200, reason: 'OK', httpVersion: '1.1', headers: [{ name: 'Set-Cookie', value: 'next=rotated-value-22; Path=/' }] },
      summary: { timings: { total: 1 }, sent: { method: 'GET', url: 'http://127.0.0.1:1/me', headText: '', headers: [{ name: 'Cookie', value: 'sid=session-value-11' }], bodyBytes: 0 } } as RelaySummary,
    });
    expect(carried).toEqual(expect.arrayContaining(['session-value-11', 'rotated-value-22']));
    expect(JSON.stringify(entry)).not.toMatch(/session-value-11|rotated-value-22/);
    expect(maskResponseBody('{"you":"session-value-11"}', 'application/json', carried).text).not.toContain('session-value-11');
  });
});

describe('the stored jar holds no cookie value', () => {
  it('stores references, keeps the values aside, and loads them back', async () => {
    const storage = memoryWorkspaceStorage();
    const jar = cookieJarOf(createWorkbenchStore());
    const stop = keepCookieJar(jar, undefined, (value) => storage.putMeta(COOKIE_JAR_META_KEY, value));
    jar.setState({ jar: { cookies: [{ key: 'sid', value: 'live-session-4711', domain: 'h.test', path: '/a b' }] } });
    await Promise.resolve();
    const stored = storage.stores.meta.get(COOKIE_JAR_META_KEY);
    expect(JSON.stringify(stored)).not.toContain('live-session-4711');
    expect(JSON.stringify(stored)).toContain('{{secret:cookie/h.test/%2Fa%20b/sid}}');
    stop();
    const again = cookieJarOf(createWorkbenchStore());
    const stopAgain = keepCookieJar(again, stored, (value) => storage.putMeta(COOKIE_JAR_META_KEY, value));
    expect(again.getState().jar.cookies).toMatchObject([{ key: 'sid', value: 'live-session-4711' }]);
    stopAgain();
  });

  it('rewrites a jar stored with its values, without them', async () => {
    const storage = memoryWorkspaceStorage();
    const jar = cookieJarOf(createWorkbenchStore());
    const stop = keepCookieJar(jar, { cookies: [{ key: 'old', value: 'plain-value-99', domain: 'h.test', path: '/' }] }, (value) => storage.putMeta(COOKIE_JAR_META_KEY, value));
    await Promise.resolve();
    expect(jar.getState().jar.cookies[0]!.value).toBe('plain-value-99');
    expect(JSON.stringify(storage.stores.meta.get(COOKIE_JAR_META_KEY))).not.toContain('plain-value-99');
    stop();
  });
});
