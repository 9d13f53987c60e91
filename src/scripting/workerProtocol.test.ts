import { afterEach, describe, expect, it } from 'vitest';
import { createScriptEngine } from './engine';
import { createScriptRunner, serveScriptRuns } from './workerProtocol';
import type { ScriptResponse, ScriptRunInput } from './types';

/** The worker protocol over a real MessageChannel: structured clone and messages, no shortcuts. */
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

function connect() {
  const channel = new MessageChannel();
  channels.push(channel);
  serveScriptRuns(channel.port1, createScriptEngine());
  channel.port1.start();
  channel.port2.start();
  return channel.port2;
}

const input: ScriptRunInput = {
  phase: 'post-response',
  code: '',
  request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
  response: { code: 200, status: 'OK', headers: [], body: '{"ok":true}', responseTime: 1 },
  variables: { environment: {}, collection: {}, globals: {}, local: {}, iterationData: {} },
  info: { iteration: 0, iterationCount: 1, requestName: 'r', requestId: 'r' },
};

describe('script runs across a message port', () => {
  it('runs a script and returns plain results; pm.sendRequest is answered by the asking side', async () => {
    const asked: string[] = [];
    const runner = createScriptRunner(connect());
    const result = await runner.run({
      ...input,
      code: `const r = await pm.sendRequest('http://127.0.0.1/token');
pm.test('token', () => pm.expect(r.json().token).to.eql('t-1'));
pm.environment.set('token', r.json().token);
pm.test('body', () => pm.expect(pm.response.json().ok).to.be.true);`,
      sendRequest: async (request): Promise<ScriptResponse> => {
        asked.push(`${request.method} ${request.url}`);
        return { code: 200, status: 'OK', headers: [], body: '{"token":"t-1"}', responseTime: 2 };
      },
    });
    expect(asked).toEqual(['GET http://127.0.0.1/token']);
    expect(result.errors).toEqual([]);
    expect(result.tests).toEqual([{ name: 'token', passed: true }, { name: 'body', passed: true }]);
    expect(result.variables.environment.set).toEqual({ token: 't-1' });
  });

  it('a send that fails on the asking side reaches the script as an error', async () => {
    const runner = createScriptRunner(connect());
    const result = await runner.run({
      ...input,
      code: `pm.sendRequest('http://127.0.0.1/', (err) => console.log(err.message));`,
      sendRequest: async () => {
        throw new Error('the relay refused: dns');
      },
    });
    expect(result.console).toEqual([{ level: 'log', text: 'the relay refused: dns' }]);
  });

  it('pm.cookies.jar() is answered by the asking side\'s jar; without one the script is told so', async () => {
    const runner = createScriptRunner(connect());
    const jar = new Map<string, string>([['sid', 's-1']]);
    const calls: string[] = [];
    const result = await runner.run({
      ...input,
      code: `const j = pm.cookies.jar();
j.set('http://127.0.0.1/', 'theme', 'dark', (err, cookie) => {
  console.log('set', err, cookie.name, cookie.value);
  j.getAll('http://127.0.0.1/', (err2, cookies) => {
    console.log('all', cookies.map((c) => c.name + '=' + c.value).join(';'));
    j.unset('http://127.0.0.1/', 'sid', () => j.get('http://127.0.0.1/', 'sid', (err3, value) => console.log('after unset', value)));
  });
});`,
      cookieJar: {
        getAll: async (url) => (calls.push(`getAll ${url}`), [...jar].map(([name, value]) => ({ name, value }))),
        set: async (url, cookie) => void (calls.push(`set ${url} ${cookie.name}`), jar.set(cookie.name, cookie.value)),
        unset: async (url, name) => void (calls.push(`unset ${url} ${name}`), jar.delete(name)),
        clear: async () => jar.clear(),
      },
    });
    expect(result.errors).toEqual([]);
    expect(result.console.map((l) => l.text)).toEqual(['set null theme dark', 'all sid=s-1;theme=dark', 'after unset undefined']);
    expect(calls).toEqual(['set http://127.0.0.1/ theme', 'getAll http://127.0.0.1/', 'unset http://127.0.0.1/ sid', 'getAll http://127.0.0.1/']);
    const without = await runner.run({ ...input, code: `pm.cookies.jar().getAll('http://127.0.0.1/', (err) => console.log(err.message));` });
    expect(without.console.map((l) => l.text)).toEqual(['pm.cookies.jar() is not available here: the caller gave the script engine no cookie jar']);
  });

  it('concurrent runs keep their own results', async () => {
    const runner = createScriptRunner(connect());
    const results = await Promise.all(
      [1, 2, 3].map((n) => runner.run({ ...input, code: `pm.test('run ${n}', () => {}); pm.variables.set('n', ${n});` })),
    );
    expect(results.map((r) => r.tests[0]?.name)).toEqual(['run 1', 'run 2', 'run 3']);
    expect(results.map((r) => r.variables.local.set)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('a programmer error is a rejected run', async () => {
    const runner = createScriptRunner(connect());
    await expect(runner.run({ ...input, response: undefined })).rejects.toThrow('a post-response script needs the response');
  });

  it('a side that never answers is reported as a timeout and the owner is told to stop it', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    channel.port2.start();
    let stopped = 0;
    const runner = createScriptRunner(channel.port2, { graceMs: 50, onUnresponsive: () => (stopped += 1) });
    const result = await runner.run({ ...input, timeoutMs: 50 });
    expect(stopped).toBe(1);
    expect(result.errors).toEqual([{ kind: 'timeout', message: 'The script did not finish within 50 ms and its worker did not answer; it was stopped' }]);
  });
});
