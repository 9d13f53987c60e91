/**
 * What the CLI gives scripts besides the request and response: the run's cookie jar
 * (`pm.cookies`, `pm.cookies.jar()`), the body with its mode, the request as sent. Over a
 * real jar (core's tough-cookie jar), and through the real script engine.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cookiesFor, openJar, storeSetCookies } from '../core/cookies';
import { normaliseDraft } from '../core';
import { createScriptEngine } from '../scripting/engine';
import { nodeSandboxLibraries } from '../scripting/sandboxLibraries/nodeLibraries';
import { bodyDetailOf, jarCookiesFor, scriptCookieJar, sentScriptRequest } from './scriptWiring';

const URL_A = 'http://api.example.test/orders';

describe('the run cookie jar for scripts', () => {
  it('lists the cookies that apply to the URL, with their attributes', () => {
    const jar = openJar();
    storeSetCookies(jar, URL_A, ['sid=abc; Path=/; HttpOnly', 'other=1; Path=/admin']);
    const cookies = jarCookiesFor(jar, URL_A);
    expect(cookies.map((c) => [c.name, c.value, c.httpOnly ?? false])).toEqual([['sid', 'abc', true]]);
    expect(jarCookiesFor(jar, 'http://elsewhere.test/')).toEqual([]);
  });

  it('sets, unsets and clears through pm.cookies.jar(), and later requests send what it holds', async () => {
    const jar = openJar();
    const bridge = scriptCookieJar(jar);
    await bridge.set(URL_A, { name: 'token', value: 't1' });
    await bridge.set(URL_A, { name: 'theme', value: 'dark' });
    expect(cookiesFor(jar, URL_A).map((c) => `${c.name}=${c.value}`).sort()).toEqual(['theme=dark', 'token=t1']);
    await bridge.unset(URL_A, 'token');
    expect((await bridge.getAll(URL_A)).map((c) => c.name)).toEqual(['theme']);
    await bridge.clear(URL_A);
    expect(await bridge.getAll(URL_A)).toEqual([]);
  });

  it('refuses a cookie the jar will not store, saying which and why', async () => {
    const bridge = scriptCookieJar(openJar());
    await expect(bridge.set(URL_A, { name: 'x', value: '1', domain: 'not-this-site.test' })).rejects.toThrow(/"x" was not stored/);
  });

  it('is what a script reads and changes, through the real engine', async () => {
    const require = createRequire(import.meta.url);
    const engine = await createScriptEngine({ chaiSource: readFileSync(require.resolve('chai'), 'utf8'), libraries: nodeSandboxLibraries });
    const jar = openJar();
    storeSetCookies(jar, URL_A, ['sid=abc; Path=/']);
    const result = await engine.run({
      phase: 'pre-request',
      code: [
        "pm.test('pm.cookies has the jar cookie', function () { pm.expect(pm.cookies.get('sid')).to.equal('abc'); });",
        "const jar = pm.cookies.jar();",
        "await new Promise((resolve, reject) => jar.set(pm.request.url.toString(), 'added', 'yes', (err) => (err ? reject(err) : resolve())));",
        "pm.test('location', function () { pm.expect(pm.execution.location).to.eql(['Shop', 'Orders']); });",
      ].join('\n'),
      request: { method: 'GET', url: URL_A, headers: [] },
      variables: { environment: {}, collection: {}, globals: {}, local: {}, iterationData: {} },
      info: { iteration: 0, iterationCount: 1, requestName: 'Orders', requestId: 'r1', location: ['Shop', 'Orders'], currentLocation: 'Orders' },
      cookies: jarCookiesFor(jar, URL_A),
      cookieJar: scriptCookieJar(jar),
    });
    expect(result.errors).toEqual([]);
    expect(result.tests.map((t) => [t.name, t.passed])).toEqual([
      ['pm.cookies has the jar cookie', true],
      ['location', true],
    ]);
    expect(cookiesFor(jar, URL_A).map((c) => c.name).sort()).toEqual(['added', 'sid']);
  });
});

describe('the request body and the request as sent', () => {
  const draft = (body: object) => normaliseDraft({ method: 'POST', url: 'http://x.test/{{path}}', body } as never);

  it('gives urlencoded and form-data bodies with their mode and fields (disabled ones marked)', () => {
    const form = bodyDetailOf(draft({ kind: 'form', form: [{ id: '1', enabled: true, name: 'a', value: '1' }, { id: '2', enabled: false, name: 'b', value: '2' }] }));
    expect(form).toEqual({ mode: 'urlencoded', urlencoded: [{ key: 'a', value: '1' }, { key: 'b', value: '2', disabled: true }] });
    const json = bodyDetailOf(draft({ kind: 'json', texts: { json: '{"n":1}', xml: '', text: '' } }));
    expect(json).toEqual({ mode: 'raw', raw: '{"n":1}', options: { raw: { language: 'json' } } });
  });

  it('shows a post-response script the sent URL and headers (auth included) and the body with variables resolved', () => {
    const d = draft({ kind: 'json', texts: { json: '{"id":"{{id}}"}', xml: '', text: '' } });
    const sent = sentScriptRequest({ method: 'POST', url: 'http://x.test/orders', headers: [{ name: 'Authorization', value: 'Basic eDp5' }] }, d, (t) => t.replace('{{id}}', '42'));
    expect(sent.url).toBe('http://x.test/orders');
    expect(sent.headers).toEqual([{ name: 'Authorization', value: 'Basic eDp5' }]);
    expect(sent.body).toBe('{"id":"42"}');
  });
});
