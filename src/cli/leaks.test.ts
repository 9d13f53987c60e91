/**
 * The CLI half of the leak test that cannot be dodged (issue 26, item 2). Secrets of every
 * kind `wirebench run` can use are planted with a random part unique to this run — in a
 * Postman collection and environment as a person writes them (some inline, some as
 * `{{$env.NAME}}`), in a workspace folder with captures, and in a `--vault` file — and
 * sent through the real server's sandbox (its echo, Digest, SigV4, cookie and OAuth
 * endpoints) by the real `bin/wirebench.mjs`, with every reporter. A recording proxy in
 * front of the sandbox proves each one was really sent (and learns the tokens the OAuth
 * server issued, which are secrets too); it is also the authenticated HTTP proxy a request
 * goes through. Then every byte the CLI and the server wrote is searched for every secret
 * in every form (as typed, percent-encoded, in Base64 at any alignment, escaped, cut
 * short): CLI stdout and stderr, the JSON, JUnit and HTML reports (default paths and
 * `--reporter-*-export` paths), anything written in the run's working and temp folders or
 * the bundle cache, the sources (which must be left as they were) and the server's
 * stdout and stderr. Zero hits expected; a hit names the kind, form, file, offset and a
 * snippet.
 *
 * Not exercised here, because `wirebench run` has no such feature: a TLS client
 * certificate's key passphrase (client certificates are set in the app only; the e2e half
 * covers it). The proxy password is the relay's own `HTTP_PROXY` reading, the only proxy
 * setting the CLI has. The CLI has no `--export-*` option besides the reporters' exports.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../relay/childServer';
import { callServer } from '../testing/sandboxHarness';
import { changedFiles, describeLeaks, findLeaks, folderStores, plant, randomPart, withOwnDataFolders, type LeakStore, type PlantedSecret } from '../testing/leakScan';
import { startRecordingProxy, type RecordingProxy } from '../testing/recordingProxy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bundleCache = path.join(root, 'node_modules/.cache/wirebench');

/** The sandbox's fixed OAuth clients (src/sandbox/oauth/clients.ts): not random, but secrets all the same. */
const LEGACY_CLIENT = { id: 'wb-legacy', secret: 'legacy-secret-9e4a' };
const POST_CLIENT = { id: 'wb-post', secret: 'post-secret-2c1f' };
/** A host name that does not resolve: only the proxy knows where it is. */
const PROXIED_HOST = 'leak-target.wirebench.test';
const PROXY_USER = 'leak-proxy-user';

/** The planted secrets, each unique to this run. */
const S = {
  apiKey: plant('header X-Api-Key ($env)', `xak_${randomPart(26)}`),
  bearer: plant('header Authorization: Bearer (inline)', `bearer${randomPart(28)}`),
  query: plant('query api_key', `qk${randomPart(26)}`),
  clientSecret: plant('form field client_secret', `cs${randomPart(26)}`),
  refreshForm: plant('form field refresh_token', `rt${randomPart(30)}`),
  jsonPassword: plant('JSON member "password"', `pw${randomPart(24)}`),
  github: plant('GitHub token ghp_ in a text body', `ghp_${randomPart(36)}`),
  stripe: plant('Stripe key sk_live_ in a URL path', `sk_live_${randomPart(24)}`),
  wsse: plant('<wsse:Password> in an XML body', `wsse${randomPart(24)}`),
  multipart: plant('multipart part "password"', `mp${randomPart(26)}`),
  cookie: plant('Cookie header', `ck${randomPart(26)}`),
  digest: plant('Digest password ($env)', `Digest pass ${randomPart(20)}`),
  sigv4Secret: plant('SigV4 secret key', `${randomPart(13)}/${randomPart(13)}+${randomPart(12)}`),
  sigv4Session: plant('SigV4 session token ($env)', `IQoJb3JpZ2luX2Vj${randomPart(40)}`),
  proxyPassword: plant('proxy password (HTTP_PROXY)', `proxy${randomPart(23)}`),
  envFileSecret: plant('Postman environment secret variable', `envsec${randomPart(22)}`),
  scriptToken: plant('script-set token (pm.collectionVariables.set of an echoed access_token)', `st${randomPart(34)}`),
  captured: plant('captured token (capture rule from an echoed access_token)', `cap${randomPart(33)}`),
  basic: plant('Basic auth password', `basic${randomPart(23)}`),
  sideToken: plant('refresh_token sent and echoed by pm.sendRequest, then set as a variable', `side${randomPart(30)}`),
  dataPassword: plant('data file (--data) column "password"', `data${randomPart(24)}`),
  legacySecret: plant('OAuth client secret of wb-legacy ($env; fixed by the sandbox)', LEGACY_CLIENT.secret),
  postSecret: plant('OAuth client secret of wb-post ($env; fixed by the sandbox)', POST_CLIENT.secret),
};

/** Values fixed by the sandbox's source code rather than planted. */
const FIXED = new Set([S.legacySecret, S.postSecret]);

/** Planted values that never go over the wire as such: Digest and SigV4 send a hash of them. */
const HASHED_ONLY = new Set([S.digest, S.sigv4Secret]);

const json = (value: unknown) => JSON.stringify(value, null, 2);
const test = (name: string, lines: string[]) => ({ listen: 'test', script: { type: 'text/javascript', exec: [`pm.test(${JSON.stringify(name)}, () => {`, ...lines, '});'] } });

/** The Postman collection a person would write: most secrets inline, a few from the CI's environment. */
function postmanCollection(): unknown {
  const raw = (text: string, language: 'json' | 'xml' | 'text') => ({ mode: 'raw', raw: text, options: { raw: { language } } });
  return {
    info: { name: 'Leak audit', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable: [{ key: 'baseUrl', value: 'http://127.0.0.1:1' }],
    item: [
      {
        name: 'Keys in a header and the query',
        event: [test('the echo saw the key', ['pm.expect(pm.response.json().args.api_key).to.eql(pm.response.json().args.api_key);']), { listen: 'test', script: { exec: ['console.log("echo:", pm.response.text());'] } }],
        request: {
          method: 'GET',
          url: `{{baseUrl}}/sandbox/anything/keys?api_key=${S.query.value}&page=1`,
          header: [
            { key: 'X-Api-Key', value: '{{$env.WB_LEAK_API_KEY}}' },
            { key: 'Authorization', value: `Bearer ${S.bearer.value}` },
            { key: 'X-Client-Secret', value: '{{clientSecretVar}}' },
          ],
        },
      },
      {
        name: 'Refresh by form',
        request: {
          method: 'POST',
          url: '{{baseUrl}}/sandbox/anything/form',
          body: { mode: 'urlencoded', urlencoded: [{ key: 'grant_type', value: 'refresh_token' }, { key: 'client_id', value: 'leak-client' }, { key: 'client_secret', value: S.clientSecret.value }, { key: 'refresh_token', value: S.refreshForm.value }] },
        },
      },
      {
        name: 'Sign up (JSON)',
        request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/users', header: [{ key: 'Content-Type', value: 'application/json' }], body: raw(json({ user: 'ann', password: S.jsonPassword.value }), 'json') },
      },
      {
        name: 'Deploy note (text)',
        request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/notes', header: [{ key: 'Content-Type', value: 'text/plain' }], body: raw(`deploy with ${S.github.value} tonight`, 'text') },
      },
      { name: 'Stripe key in the path', request: { method: 'GET', url: `{{baseUrl}}/sandbox/anything/v1/keys/${S.stripe.value}/charges` } },
      {
        name: 'SOAP with WS-Security',
        request: {
          method: 'POST',
          url: '{{baseUrl}}/sandbox/anything/soap',
          header: [{ key: 'Content-Type', value: 'text/xml; charset=utf-8' }, { key: 'SOAPAction', value: '"GetOrder"' }],
          body: raw(
            `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><soap:Header><wsse:Security><wsse:UsernameToken><wsse:Username>ann</wsse:Username><wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">${S.wsse.value}</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header><soap:Body><GetOrder><id>1</id></GetOrder></soap:Body></soap:Envelope>`,
            'xml',
          ),
        },
      },
      {
        name: 'Multipart sign-in',
        request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/upload', body: { mode: 'formdata', formdata: [{ key: 'user', value: 'ann', type: 'text' }, { key: 'password', value: S.multipart.value, type: 'text' }] } },
      },
      {
        name: 'Basic auth',
        event: [{ listen: 'test', script: { exec: ["console.log('authorization was', pm.response.json().headers.Authorization);"] } }],
        request: { method: 'GET', url: '{{baseUrl}}/sandbox/anything/basic', auth: { type: 'basic', basic: [{ key: 'username', value: 'ann' }, { key: 'password', value: S.basic.value }] } },
      },
      {
        name: 'Log in with the data row',
        event: [{ listen: 'test', script: { exec: ["console.log('login echo', JSON.stringify(pm.response.json().form));"] } }],
        request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/login', body: { mode: 'urlencoded', urlencoded: [{ key: 'user', value: '{{user}}' }, { key: 'password', value: '{{password}}' }] } },
      },
      { name: 'Cookie header', request: { method: 'GET', url: '{{baseUrl}}/sandbox/anything/cookie', header: [{ key: 'Cookie', value: `session=${S.cookie.value}; theme=dark` }] } },
      // The sandbox's demo login (its fixed demo password): the session cookie it sets is the server's, learned from the proxy.
      { name: 'Cookie login', request: { method: 'POST', url: '{{baseUrl}}/sandbox/cookies/login', body: { mode: 'urlencoded', urlencoded: [{ key: 'user', value: 'ada' }, { key: 'password', value: 'lovelace' }] } } },
      {
        name: 'Cookie sent from the jar',
        event: [test('the jar sent the session', ['pm.response.to.have.status(200);']), { listen: 'test', script: { exec: ["console.log('me', pm.response.text());"] } }],
        request: { method: 'GET', url: '{{baseUrl}}/sandbox/cookies/me' },
      },
      {
        name: 'Digest',
        event: [test('Digest was answered', ['pm.expect(pm.response.code).to.be.oneOf([200, 401]);'])],
        request: { method: 'GET', url: '{{baseUrl}}/sandbox/api/digest/sha-256', auth: { type: 'digest', digest: [{ key: 'username', value: 'Mufasa' }, { key: 'password', value: '{{$env.WB_LEAK_DIGEST}}' }, { key: 'algorithm', value: 'SHA-256' }] } },
      },
      {
        name: 'SigV4 with a session token',
        request: {
          method: 'POST',
          url: '{{baseUrl}}/sandbox/api/sigv4?color=blue',
          header: [{ key: 'Content-Type', value: 'application/json' }],
          body: raw('{"signed": true}', 'json'),
          auth: {
            type: 'awsv4',
            awsv4: [
              { key: 'accessKey', value: 'ASIAWIREBENCHLEAKTEST' },
              { key: 'secretKey', value: S.sigv4Secret.value },
              { key: 'sessionToken', value: '{{$env.WB_LEAK_AWS_SESSION}}' },
              { key: 'region', value: 'us-east-1' },
              { key: 'service', value: 'execute-api' },
            ],
          },
        },
      },
      { name: 'Through the proxy', request: { method: 'GET', url: `http://${PROXIED_HOST}/sandbox/anything/through-proxy` } },
      {
        name: 'Sign in (sandbox token endpoint)',
        event: [
          {
            listen: 'test',
            script: {
              exec: [
                'const body = pm.response.json();',
                "pm.collectionVariables.set('token', body.access_token);",
                "pm.environment.set('refresh', body.refresh_token);",
                "pm.variables.set('idToken', body.id_token);",
                "console.log('signed in:', body.access_token, body.refresh_token);",
                "pm.test('a token came back', () => pm.expect(body.access_token).to.be.a('string'));",
              ],
            },
          },
        ],
        request: {
          method: 'POST',
          url: '{{baseUrl}}/sandbox/oauth/token',
          auth: { type: 'basic', basic: [{ key: 'username', value: LEGACY_CLIENT.id }, { key: 'password', value: '{{$env.WB_LEAK_LEGACY_SECRET}}' }] },
          body: { mode: 'urlencoded', urlencoded: [{ key: 'grant_type', value: 'password' }, { key: 'username', value: 'alice' }, { key: 'password', value: 'wonderland-42' }, { key: 'scope', value: 'openid profile' }] },
        },
      },
      {
        name: 'Issue a token (echo)',
        event: [
          {
            listen: 'prerequest',
            script: {
              exec: [
                "pm.sendRequest({ url: pm.variables.get('baseUrl') + '/sandbox/anything/side', method: 'POST', header: { 'Content-Type': 'application/json' }, body: { mode: 'raw', raw: JSON.stringify({ refresh_token: '" + S.sideToken.value + "' }) } }, (err, res) => {",
                "  pm.collectionVariables.set('sideToken', res.json().json.refresh_token);",
                "  console.log('side answer', res.text());",
                '});',
              ],
            },
          },
          { listen: 'test', script: { exec: ["pm.collectionVariables.set('echoToken', pm.response.json().json.access_token);", "console.log('echo token', pm.collectionVariables.get('echoToken'));"] } }],
        request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/issue', header: [{ key: 'Content-Type', value: 'application/json' }], body: raw(json({ access_token: S.scriptToken.value, token_type: 'Bearer', expires_in: 60 }), 'json') },
      },
      {
        name: 'Use the tokens where no name says secret',
        event: [
          test('the session header is the token (fails on purpose: chai quotes the value)', ["pm.expect(pm.response.json().headers['X-Session']).to.eql('not-the-token');"]),
          test('the id is the echo token (fails on purpose)', ["pm.expect(pm.response.json().args.id).to.eql('nope');"]),
          { listen: 'test', script: { exec: ["console.log('sent', pm.request.url.toString(), JSON.stringify(pm.response.json().headers));", "console.log('vars', pm.collectionVariables.get('token'), pm.environment.get('refresh'), pm.variables.get('idToken'));"] } },
        ],
        request: {
          method: 'GET',
          url: '{{baseUrl}}/sandbox/anything/session/{{echoToken}}?id={{echoToken}}&t={{token}}',
          header: [{ key: 'X-Session', value: '{{token}}' }, { key: 'X-Refresh', value: '{{refresh}}' }, { key: 'X-Id', value: '{{idToken}}' }, { key: 'X-Side', value: '{{sideToken}}' }],
        },
      },
      { name: 'Unreachable, with a key in the URL', request: { method: 'GET', url: `http://127.0.0.1:1/sandbox/anything?api_key=${S.query.value}&cs=${S.clientSecret.value}` } },
    ],
  };
}

/** A Postman environment export with a secret-typed value and a plain value holding a secret. */
function postmanEnvironment(): unknown {
  return {
    name: 'Leak',
    values: [
      { key: 'clientSecretVar', value: S.envFileSecret.value, type: 'secret', enabled: true },
      { key: 'region', value: 'eu', type: 'default', enabled: true },
    ],
    _postman_variable_scope: 'environment',
  };
}

/** A workspace folder (the layout the app writes) with captures, assertions and a request that takes a vault token. */
function writeWorkspace(dir: string): void {
  const col = path.join(dir, 'collections/leak');
  mkdirSync(col, { recursive: true });
  const options = { methodOverride: false, followRedirects: false, timeoutMs: 30000, insecureTls: false };
  const request = (file: string, value: Record<string, unknown>) => writeFileSync(path.join(col, file), json({ kind: 'request', requestType: 'http', ...value }));
  writeFileSync(path.join(col, 'collection.json'), json({ version: 1, id: 'col-leak', name: 'Leak', variables: [{ name: 'baseUrl', value: 'http://127.0.0.1:1' }], order: ['issue.json', 'sandbox-token.json', 'use.json', 'vault.json'] }));
  request('issue.json', {
    id: 'req-issue',
    name: 'Issue a token (echo)',
    draft: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/issue', headers: [{ name: 'Content-Type', value: 'application/json', enabled: true }], body: { kind: 'json', texts: { json: json({ access_token: S.captured.value, token_type: 'Bearer' }) } }, options },
    captures: [{ id: 'c1', variable: 'captured', scope: 'run', from: { kind: 'jsonpath', path: '$.json.access_token' } }],
  });
  request('sandbox-token.json', {
    id: 'req-token',
    name: 'Client credentials (sandbox token endpoint)',
    draft: {
      method: 'POST',
      url: '{{baseUrl}}/sandbox/oauth/token',
      body: {
        kind: 'form',
        form: [
          { name: 'grant_type', value: 'client_credentials', enabled: true },
          { name: 'client_id', value: POST_CLIENT.id, enabled: true },
          { name: 'client_secret', value: '{{$env.WB_LEAK_POST_SECRET}}', enabled: true },
        ],
      },
      options,
    },
    captures: [{ id: 'c1', variable: 'sandboxToken', scope: 'collection', from: { kind: 'jsonpath', path: '$.access_token' } }],
  });
  request('use.json', {
    id: 'req-use',
    name: 'Use the captured tokens',
    draft: { method: 'GET', url: '{{baseUrl}}/sandbox/anything/use/{{captured}}?t={{sandboxToken}}', headers: [{ name: 'X-Captured', value: '{{captured}}', enabled: true }, { name: 'X-Sandbox', value: '{{sandboxToken}}', enabled: true }], options },
    assertions: [
      { id: 'a1', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '200' },
      { id: 'a2', kind: 'compare', subject: { kind: 'jsonpath', path: '$.headers.X-Captured' }, operator: '==', expected: 'fails-on-purpose' },
      { id: 'a3', kind: 'compare', subject: { kind: 'header', name: 'content-type' }, operator: 'contains', expected: '{{captured}}' },
    ],
  });
  request('vault.json', {
    id: 'req-vault',
    name: 'Token from the vault',
    draft: { method: 'GET', url: '{{baseUrl}}/sandbox/anything/vault', auth: { scheme: 'vault', values: {}, vaultEntryId: 'leak-vault' }, options },
    assertions: [{ id: 'a1', kind: 'compare', subject: { kind: 'jsonpath', path: '$.headers.Authorization' }, operator: '==', expected: 'Bearer fails-on-purpose' }],
  });
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The real command, as CI runs it, in `cwd`, with its own temp folder and the proxy in its environment; it may read the planted `WB_LEAK_*` variables (`--env-var-allow`). */
function wirebench(args: string[], cwd: string, env: Record<string, string>): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'bin/wirebench.mjs'), ...args, '--env-var-allow', 'WB_LEAK_*'], { cwd, env, timeout: 90_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr, ms: Date.now() - started });
    });
  });
}

let server: ChildServer;
let proxy: RecordingProxy;
let out: string;
let serverFolders: { tmp: string; data: string };
let serverOutput = '';

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'wirebench-leaks-'));
  // The server's temp and data folders are this test's, so everything it writes on disk is searched too.
  const own = await withOwnDataFolders(path.join(out, 'server'), () => startChildServer('leak-cli-test-token'));
  server = own.started;
  serverFolders = own;
  // The server's banner came before anything was planted; from here on every line is kept.
  server.child.stdout!.on('data', (c: Buffer) => (serverOutput += c.toString('utf8')));
  server.child.stderr!.on('data', (c: Buffer) => (serverOutput += c.toString('utf8')));
  proxy = await startRecordingProxy({ upstream: server.origin, credentials: { user: PROXY_USER, password: S.proxyPassword.value }, hostMap: { [PROXIED_HOST]: server.origin } });
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('wirebench run leaks no secret', () => {
  it('plants every kind, sends each, and finds none of them in anything the CLI or the server wrote', async () => {
    const started = Date.now();
    // The vault entry's refresh token: a grant the person made before (password grant of the legacy client, straight to the server).
    const granted = await callServer(server.origin, '/sandbox/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${LEGACY_CLIENT.id}:${LEGACY_CLIENT.secret}`).toString('base64')}` },
      body: 'grant_type=password&username=alice&password=wonderland-42&scope=openid',
    });
    expect(granted.status, granted.text).toBe(200);
    const vaultRefresh = plant('vault refresh token given to --vault ($env)', granted.json.refresh_token as string);

    const sources = path.join(out, 'sources');
    const workspace = path.join(sources, 'workspace');
    writeWorkspace(workspace);
    const collectionFile = path.join(sources, 'leak.postman_collection.json');
    const environmentFile = path.join(sources, 'leak.postman_environment.json');
    const vaultFile = path.join(sources, 'vault.json');
    writeFileSync(collectionFile, json(postmanCollection()));
    writeFileSync(environmentFile, json(postmanEnvironment()));
    const dataFile = path.join(sources, 'logins.json');
    writeFileSync(dataFile, json([{ user: 'ann', password: S.dataPassword.value }]));
    const httpFile = path.join(sources, 'down.http');
    writeFileSync(httpFile, `### Through a proxy that is down\nGET http://${PROXIED_HOST}/sandbox/anything/down\nX-Api-Key: {{$processEnv WB_LEAK_API_KEY}}\n\n### Direct\nGET {{baseUrl}}/sandbox/anything/direct?api_key={{$processEnv WB_LEAK_API_KEY}}\n`);
    writeFileSync(vaultFile, json({ entries: [{ id: 'leak-vault', grant: 'refresh_token', tokenUrl: '{{baseUrl}}/sandbox/oauth/token', clientId: LEGACY_CLIENT.id, authMethod: 'client_secret_basic', clientSecret: '{{$env.WB_LEAK_LEGACY_SECRET}}', refreshToken: '{{$env.WB_LEAK_VAULT_REFRESH}}' }] }));
    const sourcesBefore = new Map(folderStores(sources).map((s) => [s.name, Buffer.from(s.bytes)]));

    const tmp = path.join(out, 'tmp');
    const runA = path.join(out, 'run-postman');
    const runB = path.join(out, 'run-workspace');
    const runC = path.join(out, 'run-http');
    for (const dir of [tmp, runA, runB, runC]) mkdirSync(dir, { recursive: true });
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TMPDIR: tmp,
      NO_COLOR: '1',
      http_proxy: `http://${PROXY_USER}:${S.proxyPassword.value}@127.0.0.1:${proxy.port}`,
      WB_LEAK_API_KEY: S.apiKey.value,
      WB_LEAK_DIGEST: S.digest.value,
      WB_LEAK_AWS_SESSION: S.sigv4Session.value,
      WB_LEAK_LEGACY_SECRET: LEGACY_CLIENT.secret,
      WB_LEAK_POST_SECRET: POST_CLIENT.secret,
      WB_LEAK_VAULT_REFRESH: vaultRefresh.value,
    };

    // A Postman collection and environment, every reporter, reports at their default paths.
    const postman = await wirebench(['run', collectionFile, '--env', environmentFile, '--data', dataFile, '--var', `baseUrl=${proxy.origin}`, '--reporter', 'cli,json,junit,html'], runA, env);
    // The workspace folder with captures and a vault token, every reporter, reports where --reporter-*-export says.
    const folder = await wirebench(
      ['run', workspace, '--vault', vaultFile, '--var', `baseUrl=${proxy.origin}`, '-r', 'cli,json,junit,html', '--reporter-json-export', path.join(runB, 'reports/run.json'), '--reporter-junit-export', path.join(runB, 'reports/run.xml'), '--reporter-html-export', path.join(runB, 'reports/run.html')],
      runB,
      env,
    );
    // A .http file whose first request goes through a proxy that is down: the error names the proxy, never its password.
    const down = await wirebench(['run', httpFile, '--var', `baseUrl=${proxy.origin}`, '-r', 'cli,json,junit,html'], runC, { ...env, http_proxy: `http://${PROXY_USER}:${S.proxyPassword.value}@127.0.0.1:1` });
    // The runs ran: every request has a step (not a usage error, not a run stopped before sending).
    const stepsOf = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { run: { steps: { name: string; status?: number; error?: unknown }[] } }).run.steps;
    expect([postman.code, postman.stderr.slice(0, 2000)]).toEqual([3, expect.anything()]);
    expect(stepsOf(path.join(runA, 'wirebench-report.json'))).toHaveLength(19);
    expect([folder.code, folder.stderr.slice(0, 2000)]).toEqual([1, expect.anything()]);
    expect(stepsOf(path.join(runB, 'reports/run.json')).map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect([down.code, stepsOf(path.join(runC, 'wirebench-report.json')).map((s) => s.status ?? 'not sent')]).toEqual([3, ['not sent', 200]]);

    // Tokens the OAuth server issued during the runs, learned from what the proxy saw: secrets too.
    const issued: PlantedSecret[] = [];
    for (const exchange of proxy.exchanges.filter((e) => e.target.startsWith('/sandbox/oauth/token') && e.status === 200)) {
      const grant = new URLSearchParams(exchange.requestBody.toString('utf8')).get('grant_type') ?? '?';
      const who = grant === 'refresh_token' ? 'vault (--vault refresh_token grant)' : grant === 'password' ? 'script-set (pm.collectionVariables.set from the sandbox token endpoint)' : 'captured (capture rule from the sandbox token endpoint)';
      const answer = JSON.parse(exchange.responseBody.toString('utf8')) as Record<string, string>;
      for (const member of ['access_token', 'refresh_token', 'id_token']) if (answer[member]) issued.push(plant(`${who}: issued ${member}`, answer[member]));
    }
    expect(issued.map((s) => s.kind)).toEqual(
      expect.arrayContaining([
        'vault (--vault refresh_token grant): issued access_token',
        'vault (--vault refresh_token grant): issued refresh_token',
        'script-set (pm.collectionVariables.set from the sandbox token endpoint): issued access_token',
        'captured (capture rule from the sandbox token endpoint): issued access_token',
      ]),
    );
    // The session cookies the sandbox's login set (Set-Cookie), kept in the run's jar and sent back.
    for (const exchange of proxy.exchanges) {
      for (const [name, value] of exchange.responseHeaders) {
        const sid = /^sid=([^;]+)/.exec(value)?.[1];
        if (name.toLowerCase() === 'set-cookie' && sid) issued.push(plant('session cookie sid set by the server (kept in the jar)', sid));
      }
    }
    expect(issued.some((s) => s.kind.startsWith('session cookie')), 'the login set a session cookie').toBe(true);
    const secrets = [...Object.values(S), vaultRefresh, ...issued];

    // Each planted secret was used: sent as such (or, for Digest and SigV4, a signature was made with it).
    const sent = proxy.requestsText();
    const unsent = Object.values(S)
      .concat(vaultRefresh, ...issued.filter((s) => s.kind.startsWith('session cookie')))
      .filter((s) => !HASHED_ONLY.has(s) && findLeaks([s], [{ name: 'sent', bytes: sent }]).length === 0)
      .map((s) => s.kind);
    expect(unsent, 'planted but never sent').toEqual([]);
    const digestAnswer = proxy.exchanges.find((e) => e.target.startsWith('/sandbox/api/digest/') && e.requestHeaders.some(([n, v]) => /^authorization$/i.test(n) && v.startsWith('Digest username="Mufasa"')));
    expect(digestAnswer, 'a Digest answer computed with the planted password').toBeDefined();
    const signed = proxy.exchanges.find((e) => e.target.startsWith('/sandbox/api/sigv4') && e.requestHeaders.some(([n, v]) => /^authorization$/i.test(n) && v.startsWith('AWS4-HMAC-SHA256 Credential=ASIAWIREBENCHLEAKTEST/')));
    expect(signed, 'a SigV4 signature made with the planted secret').toBeDefined();
    expect(proxy.exchanges.some((e) => e.via === 'proxy' && e.status === 200), 'a request through the proxy, with its password').toBe(true);
    const vaultUse = proxy.exchanges.find((e) => e.target === '/sandbox/anything/vault');
    expect(vaultUse?.requestHeaders.find(([n]) => /^authorization$/i.test(n))?.[1]).toBe(`Bearer ${issued.find((s) => s.kind === 'vault (--vault refresh_token grant): issued access_token')!.value}`);

    // Everything written: the terminal, the reports, the working and temp folders, the bundle cache, the sources, the server.
    const stores: LeakStore[] = [
      { name: 'CLI stdout (Postman run)', bytes: postman.stdout },
      { name: 'CLI stderr (Postman run)', bytes: postman.stderr },
      { name: 'CLI stdout (workspace run)', bytes: folder.stdout },
      { name: 'CLI stderr (workspace run)', bytes: folder.stderr },
      { name: 'CLI stdout (.http run, proxy down)', bytes: down.stdout },
      { name: 'CLI stderr (.http run, proxy down)', bytes: down.stderr },
      ...folderStores(runA, 'Postman run folder'),
      ...folderStores(runB, 'workspace run folder'),
      ...folderStores(runC, '.http run folder'),
      ...folderStores(tmp, 'TMPDIR of the runs'),
      ...folderStores(sources).filter((s) => !sourcesBefore.get(s.name)?.equals(Buffer.from(s.bytes))).map((s) => ({ ...s, name: `source changed by the run: ${s.name}` })),
      { name: 'server stdout+stderr', bytes: serverOutput },
      ...folderStores(serverFolders.tmp, 'server TMPDIR'),
      ...folderStores(serverFolders.data, 'server WIREBENCH_DATA_DIR'),
    ];
    expect(readdirSync(runA).sort()).toEqual(['wirebench-report.html', 'wirebench-report.json', 'wirebench-report.xml']);
    // The bundle is the program's own code, which holds the sandbox's fixed client secrets as data: searched for everything else.
    const hits = [...findLeaks(secrets, stores), ...findLeaks(secrets.filter((s) => !FIXED.has(s)), changedFiles(bundleCache, started, 'node_modules/.cache/wirebench'))];
    if (process.env.WB_LEAK_KEEP) writeFileSync(process.env.WB_LEAK_KEEP, stores.map((s) => `==== ${s.name}\n${s.bytes.toString()}`).join('\n'));
    if (hits.length > 0) writeFileSync(path.join(tmpdir(), 'wirebench-cli-leaks.txt'), describeLeaks(hits));
    expect(hits.length, describeLeaks(hits)).toBe(0);
  }, 180_000);
});
