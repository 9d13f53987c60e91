/**
 * The e2e half of the leak test that cannot be dodged (issue 26, item 2). A person's
 * session, start to end, against its own server started with `--workspace DIR` and a
 * recording proxy set in the app's proxy settings (so every relay call, vault calls
 * included, passes through it: it proves each secret was really sent, and learns the tokens
 * the OAuth server issued). Secrets of every kind, each with a random part unique to this
 * run, are planted the ways a person plants them: typed in the UI (vault passphrase, proxy
 * password, a client certificate's key passphrase, Digest password, SigV4 secret and session
 * token, an environment variable, an API key header, a capture rule, a post-response script,
 * the vault's grant) and imported from a teammate's Postman collection (headers, query,
 * form, JSON, text, path, XML, multipart, cookies, Basic, a collection variable, scripts
 * that copy tokens with `pm.collectionVariables.set` and `pm.sendRequest`). Everything is
 * sent, saved to the collection, run in the app's runner, and exported every way the app
 * offers (Postman, .http, HAR of the whole history, cURL, every snippet language, the
 * runner's JUnit/JSON/HTML). Then every byte the app and the server wrote is searched for
 * every secret in every form (as typed, percent-encoded, Base64/base64url at any
 * alignment, escaped, cut short): localStorage, sessionStorage, every IndexedDB store,
 * Cache Storage, cookies, the workspace folder, every download, the clipboard, the server's
 * stdout and stderr — before and after a reload. Zero hits expected; a hit names the kind,
 * the store or file, the byte offset and a snippet (also written to leaks-report.txt in
 * the test's output folder).
 */
import { createPrivateKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChildServer, type ChildServer } from '../src/relay/childServer';
import { describeLeaks, findLeaks, folderStores, plant, randomPart, withOwnDataFolders, type LeakStore, type PlantedSecret } from '../src/testing/leakScan';
import { startRecordingProxy, type RecordingProxy } from '../src/testing/recordingProxy';
import { expect, test } from './fixtures';
import { CertificatesPage } from './pages/CertificatesPage';
import { ChecksPage } from './pages/ChecksPage';
import { ComposerPage } from './pages/ComposerPage';
import { DigestAuthForm } from './pages/DigestAuthForm';
import { LeakAuditPage } from './pages/LeakAuditPage';
import { ProxySettingsPage } from './pages/ProxySettingsPage';
import { RunnerPage } from './pages/RunnerPage';
import { SigV4AuthForm } from './pages/SigV4AuthForm';
import { VaultGrantPage } from './pages/VaultGrantPage';
import { VaultPage } from './pages/VaultPage';
import { WorkspacePage } from './pages/WorkspacePage';

const COLLECTION = 'Leak audit';
const PROXY_USER = 'leak-proxy-user';
/** The sandbox's legacy client and demo user (src/sandbox/oauth/clients.ts): fixed by its code, secrets all the same. */
const LEGACY_CLIENT = { id: 'wb-legacy', secret: 'legacy-secret-9e4a' };

/** The planted secrets, each unique to this run. */
const S = {
  vaultPassphrase: plant('vault passphrase (typed)', `vault passphrase ${randomPart(20)}`),
  proxyPassword: plant('proxy password (typed in Proxy settings)', `proxy${randomPart(23)}`),
  keyPassphrase: plant('client-key passphrase (typed in Certificates)', `keypass${randomPart(21)}`),
  digest: plant('Digest password (typed)', `Digest pass ${randomPart(20)}`),
  sigv4Secret: plant('SigV4 secret key (typed)', `${randomPart(13)}/${randomPart(13)}+${randomPart(12)}`),
  sigv4Session: plant('SigV4 session token (typed)', `IQoJb3JpZ2luX2Vj${randomPart(40)}`),
  envKey: plant('environment variable apiKey (typed in Environments)', `envkey${randomPart(22)}`),
  typedKey: plant('header X-Api-Key (typed in the composer)', `typed${randomPart(25)}`),
  captured: plant('captured token (capture rule typed in Checks)', `cap${randomPart(33)}`),
  typedScript: plant('script-set token (typed post-response script, pm.collectionVariables.set)', `tsc${randomPart(31)}`),
  apiKey: plant('header X-Api-Key (imported)', `xak_${randomPart(26)}`),
  bearer: plant('header Authorization: Bearer (imported)', `bearer${randomPart(28)}`),
  query: plant('query api_key (imported)', `qk${randomPart(26)}`),
  clientSecret: plant('form field client_secret (imported)', `cs${randomPart(26)}`),
  refreshForm: plant('form field refresh_token (imported)', `rt${randomPart(30)}`),
  jsonPassword: plant('JSON member "password" (imported)', `pw${randomPart(24)}`),
  github: plant('GitHub token ghp_ in a text body (imported)', `ghp_${randomPart(36)}`),
  stripe: plant('Stripe key sk_live_ in a URL path (imported)', `sk_live_${randomPart(24)}`),
  wsse: plant('<wsse:Password> in an XML body (imported)', `wsse${randomPart(24)}`),
  multipart: plant('multipart part "password" (imported)', `mp${randomPart(26)}`),
  cookie: plant('Cookie header (imported)', `ck${randomPart(26)}`),
  basic: plant('Basic auth password (imported)', `basic${randomPart(23)}`),
  collectionVar: plant('collection variable clientToken (imported)', `cvar${randomPart(24)}`),
  scriptToken: plant('script-set token (imported script, pm.collectionVariables.set of an echoed access_token)', `st${randomPart(34)}`),
  sideToken: plant('refresh_token written as a literal in a pm.sendRequest script (imported), echoed back and set as a variable', `side${randomPart(30)}`),
  legacySecret: plant('OAuth client secret of wb-legacy (fixed by the sandbox)', LEGACY_CLIENT.secret),
};

/** Never sent as such: Digest and SigV4 send a hash; the passphrases open local secrets (the vault, the key). */
const NOT_SENT_AS_SUCH = new Set([S.digest, S.sigv4Secret, S.vaultPassphrase, S.keyPassphrase]);

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The Postman collection a teammate hands over: secrets inline, scripts that copy tokens into variables. */
function teammateCollection(origin: string): unknown {
  const raw = (text: string, language: 'json' | 'xml' | 'text') => ({ mode: 'raw', raw: text, options: { raw: { language } } });
  const script = (listen: 'test' | 'prerequest', exec: string[]) => ({ listen, script: { type: 'text/javascript', exec } });
  return {
    info: { name: COLLECTION, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable: [
      { key: 'baseUrl', value: origin },
      { key: 'clientToken', value: S.collectionVar.value },
    ],
    item: [
      {
        name: 'Keys in a header and the query',
        event: [script('test', ['console.log("echo:", pm.response.text());'])],
        request: {
          method: 'GET',
          url: `{{baseUrl}}/sandbox/anything/keys?api_key=${S.query.value}&page=1`,
          header: [
            { key: 'X-Api-Key', value: S.apiKey.value },
            { key: 'Authorization', value: `Bearer ${S.bearer.value}` },
            { key: 'X-Client-Token', value: '{{clientToken}}' },
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
      { name: 'Sign up (JSON)', request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/users', header: [{ key: 'Content-Type', value: 'application/json' }], body: raw(json({ user: 'ann', password: S.jsonPassword.value }), 'json') } },
      { name: 'Deploy note (text)', request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/notes', header: [{ key: 'Content-Type', value: 'text/plain' }], body: raw(`deploy with ${S.github.value} tonight`, 'text') } },
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
      { name: 'Multipart sign-in', request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/upload', body: { mode: 'formdata', formdata: [{ key: 'user', value: 'ann', type: 'text' }, { key: 'password', value: S.multipart.value, type: 'text' }] } } },
      { name: 'Cookie header', request: { method: 'GET', url: '{{baseUrl}}/sandbox/anything/cookie', header: [{ key: 'Cookie', value: `session=${S.cookie.value}; theme=dark` }] } },
      // The sandbox's demo login (its fixed demo password): the session cookie it sets is the server's, learned from the proxy.
      { name: 'Cookie login', request: { method: 'POST', url: '{{baseUrl}}/sandbox/cookies/login', body: { mode: 'urlencoded', urlencoded: [{ key: 'user', value: 'ada' }, { key: 'password', value: 'lovelace' }] } } },
      { name: 'Cookie sent from the jar', event: [script('test', ['pm.test("the jar sent the session", () => pm.response.to.have.status(200));', "console.log('me', pm.response.text());"])], request: { method: 'GET', url: '{{baseUrl}}/sandbox/cookies/me' } },
      {
        name: 'Basic auth',
        event: [script('test', ["console.log('authorization was', pm.response.json().headers.Authorization);"])],
        request: { method: 'GET', url: '{{baseUrl}}/sandbox/anything/basic', auth: { type: 'basic', basic: [{ key: 'username', value: 'ann' }, { key: 'password', value: S.basic.value }] } },
      },
      {
        name: 'Sign in (sandbox token endpoint)',
        event: [
          script('test', [
            'const body = pm.response.json();',
            "pm.collectionVariables.set('token', body.access_token);",
            "pm.collectionVariables.set('refresh', body.refresh_token);",
            "console.log('signed in:', body.access_token, body.refresh_token);",
            "pm.test('a token came back', () => pm.expect(body.access_token).to.be.a('string'));",
          ]),
        ],
        request: {
          method: 'POST',
          url: '{{baseUrl}}/sandbox/oauth/token',
          auth: { type: 'basic', basic: [{ key: 'username', value: LEGACY_CLIENT.id }, { key: 'password', value: LEGACY_CLIENT.secret }] },
          body: { mode: 'urlencoded', urlencoded: [{ key: 'grant_type', value: 'password' }, { key: 'username', value: 'alice' }, { key: 'password', value: 'wonderland-42' }, { key: 'scope', value: 'openid profile' }] },
        },
      },
      {
        name: 'Issue a token (echo)',
        event: [
          script('prerequest', [
            `pm.sendRequest({ url: pm.collectionVariables.get('baseUrl') + '/sandbox/anything/side', method: 'POST', header: { 'Content-Type': 'application/json' }, body: { mode: 'raw', raw: JSON.stringify({ refresh_token: '${S.sideToken.value}' }) } }, (err, res) => {`,
            "  pm.collectionVariables.set('sideToken', res.json().json.refresh_token);",
            "  console.log('side answer', res.text());",
            '});',
          ]),
          script('test', ["pm.collectionVariables.set('echoToken', pm.response.json().json.access_token);", "console.log('echo token', pm.collectionVariables.get('echoToken'));"]),
        ],
        request: { method: 'POST', url: '{{baseUrl}}/sandbox/anything/issue', header: [{ key: 'Content-Type', value: 'application/json' }], body: raw(json({ access_token: S.scriptToken.value, token_type: 'Bearer', expires_in: 60 }), 'json') },
      },
      {
        name: 'Use the tokens where no name says secret',
        event: [
          script('test', [
            "pm.test('the session header is the token (fails on purpose: chai quotes the value)', () => pm.expect(pm.response.json().headers['X-Session']).to.eql('not-the-token'));",
            "pm.test('the id is the echo token (fails on purpose)', () => pm.expect(pm.response.json().args.id).to.eql('nope'));",
            "console.log('sent', JSON.stringify(pm.response.json().headers));",
          ]),
        ],
        request: {
          method: 'GET',
          url: '{{baseUrl}}/sandbox/anything/session/{{echoToken}}?id={{echoToken}}&t={{token}}',
          header: [{ key: 'X-Session', value: '{{token}}' }, { key: 'X-Refresh', value: '{{refresh}}' }, { key: 'X-Side', value: '{{sideToken}}' }],
        },
      },
    ],
  };
}

let server: ChildServer;
let proxy: RecordingProxy;
let root: string;
let dir: string;
let serverFolders: { tmp: string; data: string };
let serverOutput = '';

test.beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'wirebench-leaks-e2e-'));
  dir = path.join(root, 'workspace');
  mkdirSync(dir);
  // The server's temp and data folders are this test's, so everything it writes on disk is searched too.
  const own = await withOwnDataFolders(path.join(root, 'server'), () => startChildServer('leak-e2e-token', ['--workspace', dir]));
  server = own.started;
  serverFolders = own;
  // The server's banner came before anything was planted; from here on every line is kept.
  server.child.stdout!.on('data', (c: Buffer) => (serverOutput += c.toString('utf8')));
  server.child.stderr!.on('data', (c: Buffer) => (serverOutput += c.toString('utf8')));
  proxy = await startRecordingProxy({ upstream: server.origin, credentials: { user: PROXY_USER, password: S.proxyPassword.value } });
});

test.afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

test('no planted secret of any kind is found in anything the app or the server wrote, after sending, saving, running and exporting each', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  const started = Date.now();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const workspace = new WorkspacePage(page);
  const composer = new ComposerPage(page);
  const checks = new ChecksPage(page);
  const vault = new VaultPage(page);
  const grants = new VaultGrantPage(page);
  const audit = new LeakAuditPage(page);
  const runner = new RunnerPage(page);
  const origin = server.origin;
  const outputs: LeakStore[] = [];
  const keep = (name: string, text: string) => outputs.push({ name, bytes: text });
  const phases: string[] = [];
  const phase = (name: string) => phases.push(`${name}: ${Math.round((Date.now() - started) / 100) / 10} s`);

  /** Sends the active tab and waits for its answer, confirming the conventions' gate when it asks. */
  const send = async () => {
    const before = await composer.exchangeMark();
    await composer.send.click();
    await expect(composer.gate.or(composer.metrics.filter({ hasNotText: before ?? '\u0000' }))).toBeVisible();
    if (await composer.gate.isVisible()) await composer.sendAnyway();
    await composer.waitForExchange(before);
  };

  await page.goto(server.launchUrl);
  await workspace.open(origin);

  // Typed in the UI: the vault's passphrase, the proxy (every relay call goes through the recorder), a client certificate with an encrypted key.
  await vault.open();
  await vault.createEncrypted(S.vaultPassphrase.value);
  const proxySettings = new ProxySettingsPage(page);
  await proxySettings.open();
  await proxySettings.useProxy(proxy.origin, { user: PROXY_USER, password: S.proxyPassword.value });
  const demo = await CertificatesPage.demoMaterial(page.request, origin);
  const mtlsUrl = demo.endpoint;
  const encryptedKey = createPrivateKey(demo.key).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: S.keyPassphrase.value }) as string;
  const certificates = new CertificatesPage(page);
  await certificates.open();
  const entry = await certificates.addPemCertificate('Leak client', new URL(mtlsUrl).host, demo.cert, encryptedKey);
  await audit.setKeyPassphrase(entry, S.keyPassphrase.value);
  await certificates.save();

  phase('setup');
  // A teammate's collection, imported as a file.
  const collectionFile = testInfo.outputPath('leak-audit.postman_collection.json');
  writeFileSync(collectionFile, json(teammateCollection(origin)));
  await workspace.openImport();
  await workspace.importFile(collectionFile);
  await expect(workspace.importSuccess()).toBeVisible();
  await workspace.closeImport();

  phase('import');
  // An environment whose variable holds a key, chosen for the session.
  await workspace.addEnvironment('Leak env', 'apiKey', S.envKey.value);
  await audit.chooseEnvironment('Leak env');

  phase('environment');
  // The vault gets tokens itself (password grant of the legacy client), through the proxy.
  await grants.addGrantEntry({ name: 'Leak vault', grant: 'Password (legacy)', issuer: `${origin}/sandbox/oauth`, clientId: LEGACY_CLIENT.id, clientSecret: LEGACY_CLIENT.secret, authMethod: 'client_secret_basic', scope: 'openid', username: 'alice', password: 'wonderland-42', hosts: new URL(origin).host });
  await grants.getTokens();
  await expect(grants.stored()).toContainText('Tokens stored in the vault');
  await vault.closeDialog();
  await vault.refreshNow('Leak vault');
  await expect(vault.entryStatus('Leak vault')).toContainText('access token valid');

  phase('vault');
  // Typed requests, each sent and saved into the collection.
  await workspace.compose('GET', `${origin}/sandbox/api/digest/sha-256`);
  await composer.chooseAuth('Digest');
  await new DigestAuthForm(page).signIn('Mufasa', S.digest.value);
  await send();
  await workspace.saveAs('Typed Digest', COLLECTION);

  await workspace.compose('POST', `${origin}/sandbox/api/sigv4?color=blue`);
  await composer.chooseAuth('AWS Signature V4');
  const sigv4 = new SigV4AuthForm(page);
  await sigv4.fill({ accessKeyId: 'ASIAWIREBENCHLEAKTEST', secretAccessKey: S.sigv4Secret.value, region: 'us-east-1', service: 'execute-api' });
  await sigv4.sessionToken.fill(S.sigv4Session.value);
  await send();
  await workspace.saveAs('Typed SigV4', COLLECTION);

  await workspace.compose('GET', `${origin}/sandbox/anything/typed`);
  await composer.addHeader('X-Api-Key', S.typedKey.value);
  await composer.addHeader('X-Env-Key', '{{apiKey}}');
  await send();
  await workspace.saveAs('Typed key and environment', COLLECTION);

  await workspace.compose('POST', `${origin}/sandbox/anything/issue-typed`);
  await composer.typeJson(json({ access_token: S.captured.value, refresh_token: S.typedScript.value }));
  await checks.addCapture('captured', 'JSONPath', '$.json.access_token', 'Collection');
  await checks.setScript('Post-response', "pm.collectionVariables.set('typedToken', pm.response.json().json.refresh_token);\nconsole.log('typed token', pm.collectionVariables.get('typedToken'));");
  await send();
  await workspace.saveAs('Typed capture and script', COLLECTION);

  await workspace.compose('GET', `${origin}/sandbox/anything/use/{{captured}}?c={{captured}}&s={{typedToken}}`);
  await composer.addHeader('X-Captured', '{{captured}}');
  await composer.addHeader('X-Typed', '{{typedToken}}');
  await send();
  await workspace.saveAs('Use the captured token', COLLECTION);

  await workspace.compose('GET', `${origin}/sandbox/anything/vault`);
  await vault.useInComposer('Leak vault');
  await send();
  await workspace.saveAs('Token from the vault', COLLECTION);

  phase('typed requests');
  // Mutual TLS with the encrypted key: the sandbox's own certificate is trusted once, then the key's passphrase opens it.
  await workspace.compose('GET', mtlsUrl);
  await composer.send.click();
  await audit.trustServerCertificate();
  await send();
  await expect(composer.status).toContainText('200');
  await workspace.saveAs('Client certificate', COLLECTION);

  phase('mtls');
  // The whole collection in the app's runner, and its three reports.
  await workspace.showCollections();
  await workspace.rowAction(COLLECTION, 'Run…');
  await expect(runner.dialog).toBeVisible();
  await expect(runner.dialog).toContainText('21 requests in order · Environment: Leak env');
  await runner.run();
  await expect(runner.steps()).toHaveCount(21);
  for (const format of ['JUnit XML', 'JSON', 'HTML'] as const) {
    keep(`runner report (${format})`, readFileSync(await runner.export(format), 'utf8'));
  }
  await runner.close();

  phase('runner');
  // Every export: the collection as Postman and .http, the whole history as HAR, each saved request as cURL and as code in every language.
  for (const format of ['Postman', '.http'] as const) {
    const file = await audit.exportCollection(COLLECTION, format);
    keep(`collection export ${format} (${file.name})`, file.text);
  }
  const har = await audit.exportWholeHistoryHar(21);
  keep(`history HAR export (${har.name})`, har.text);
  await workspace.showCollections();
  const names = (await workspace.rowNames()).filter((n) => n !== COLLECTION);
  expect(names).toHaveLength(21);
  // Every language for the first request; then cURL, Python and one more in turn, so each language meets several requests.
  let languages: string[] = [];
  for (const [i, name] of names.entries()) {
    await workspace.row(name).click();
    await expect(workspace.url).toBeVisible();
    keep(`Copy as cURL (clipboard): ${name}`, await audit.copyAsCurl());
    const snippets = await audit.snippets(i === 0 ? undefined : [...new Set(['cURL', 'Python (requests)', languages[i % languages.length]!])]);
    if (i === 0) languages = snippets.map((s) => s.language);
    for (const snippet of snippets) keep(`code snippet ${snippet.language}: ${name}`, snippet.text);
  }
  expect(languages.length).toBeGreaterThan(10);

  phase('exports');
  // Tokens the OAuth server issued during the session, learned from what the proxy saw: secrets too.
  const issued: PlantedSecret[] = [];
  for (const exchange of proxy.exchanges.filter((e) => e.target.endsWith('/sandbox/oauth/token') && e.status === 200)) {
    const grant = new URLSearchParams(exchange.requestBody.toString('utf8')).get('grant_type') ?? '?';
    const scope = new URLSearchParams(exchange.requestBody.toString('utf8')).get('scope') ?? '';
    const who = grant === 'refresh_token' ? 'vault (Refresh now)' : scope === 'openid profile' ? 'imported script (pm.collectionVariables.set from the sandbox token endpoint)' : 'vault (password grant)';
    const answer = JSON.parse(exchange.responseBody.toString('utf8')) as Record<string, string>;
    for (const member of ['access_token', 'refresh_token', 'id_token']) if (answer[member]) issued.push(plant(`${who}: issued ${member}`, answer[member]));
  }
  expect(issued.map((s) => s.kind)).toEqual(expect.arrayContaining(['vault (password grant): issued access_token', 'vault (password grant): issued refresh_token', 'vault (Refresh now): issued access_token', 'imported script (pm.collectionVariables.set from the sandbox token endpoint): issued access_token']));
  // The session cookies the sandbox's login set (Set-Cookie), kept in the app's jar and sent back.
  for (const exchange of proxy.exchanges) {
    for (const [name, value] of exchange.responseHeaders) {
      const sid = /^sid=([^;]+)/.exec(value)?.[1];
      if (name.toLowerCase() === 'set-cookie' && sid) issued.push(plant('session cookie sid set by the server (kept in the jar)', sid));
    }
  }
  expect(issued.some((s) => s.kind.startsWith('session cookie')), 'the login set a session cookie').toBe(true);
  const secrets = [...Object.values(S), ...issued];

  // Each planted secret was used: sent as such through the proxy, or used to sign, answer or open what was sent.
  const sent = proxy.requestsText();
  const unsent = [...Object.values(S), ...issued.filter((s) => s.kind.startsWith('session cookie'))]
    .filter((s) => !NOT_SENT_AS_SUCH.has(s) && findLeaks([s], [{ name: 'sent', bytes: sent }]).length === 0)
    .map((s) => s.kind);
  expect(unsent, 'planted but never sent').toEqual([]);
  const header = (target: RegExp, name: string, value: RegExp) => proxy.exchanges.some((e) => target.test(e.target) && e.requestHeaders.some(([n, v]) => n.toLowerCase() === name && value.test(v)));
  expect(header(/\/sandbox\/api\/digest\//, 'authorization', /^Digest username="Mufasa"/), 'a Digest answer made with the typed password').toBe(true);
  expect(header(/\/sandbox\/api\/sigv4/, 'authorization', /^AWS4-HMAC-SHA256 Credential=ASIAWIREBENCHLEAKTEST\//), 'a SigV4 signature made with the typed secret').toBe(true);
  expect(proxy.exchanges.some((e) => e.via === 'connect' && e.target === new URL(mtlsUrl).host && e.status === 200), 'the mTLS request went through the proxy').toBe(true);
  await expect(await audit.vaultStorageBadge('encrypted')).toBeVisible();

  phase('checks');
  // Everything the app and the server wrote: browser stores, the workspace folder, downloads, clipboard, server output; again after a reload.
  await workspace.settle();
  const browser = await audit.browserStores();
  expect(browser.map((s) => s.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^IndexedDB wirebench-workspace\//), expect.stringMatching(/^IndexedDB wirebench-vault\//), expect.stringMatching(/^localStorage\[/)]));
  await page.reload();
  await expect(composer.send).toBeVisible();
  await workspace.settle();
  const reloaded = await audit.browserStores();
  const stores: LeakStore[] = [
    ...browser.map((s) => ({ name: s.name, bytes: s.text })),
    ...reloaded.map((s) => ({ name: `${s.name} (after a reload)`, bytes: s.text })),
    ...folderStores(dir, 'workspace folder'),
    ...outputs,
    { name: 'server stdout+stderr', bytes: serverOutput },
    ...folderStores(serverFolders.tmp, 'server TMPDIR'),
    ...folderStores(serverFolders.data, 'server WIREBENCH_DATA_DIR'),
  ];
  expect(folderStores(dir).some((s) => s.name.includes('collections'))).toBe(true);
  phase('scan');
  const hits = findLeaks(secrets, stores);
  const report = describeLeaks(hits);
  writeFileSync(testInfo.outputPath('leaks-report.txt'), `${report}\n\nSearched ${stores.length} stores for ${secrets.length} secrets; time at the end of each phase:\n${phases.join('\n')}\n`);
  expect(hits.length, report).toBe(0);
});
