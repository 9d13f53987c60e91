import { describe, expect, it } from 'vitest';
import type { HeaderField } from '../../../core';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { historyHar } from './historyExport';
import { startWorkspaceSession } from './workspaceSession';
import { memoryWorkspaceStorage } from './workspaceStorage';

const GITHUB = `ghp_${'a1B2c3D4e5'.repeat(4)}`;

/** Every planted value: in the Location (query, fragment, code), a cookie, and in XML, JSON and text bodies. */
const PLANTED = ['loc-access-1111', 'loc-code-2222', 'loc-frag-3333', 'cookie-sid-4444', 'soap-token-5555', 'soap-pass-6666', 'json-deep-7777', 'plain-access-8888', GITHUB];

const RESPONSES: { contentType: string; headers: HeaderField[]; body: string }[] = [
  {
    contentType: 'text/xml; charset=utf-8',
    headers: [
      { name: 'Location', value: 'https://app.test/cb?access_token=loc-access-1111&state=keep-state' },
      { name: 'Set-Cookie', value: 'sid=cookie-sid-4444; Path=/; HttpOnly' },
    ],
    body: '<Envelope><Body><R><AccessToken>soap-token-5555</AccessToken><wsse:Password xmlns:wsse="urn:x">soap-pass-6666</wsse:Password></R></Body></Envelope>',
  },
  {
    contentType: 'application/json',
    headers: [{ name: 'Location', value: '/cb?code=loc-code-2222&state=keep-state' }],
    body: JSON.stringify({ a: { b: { c: { d: { e: { credentials: { value: 'json-deep-7777' }, note: `token ${GITHUB}` } } } } } }),
  },
  {
    contentType: 'text/plain',
    headers: [{ name: 'Content-Location', value: 'https://app.test/cb#access_token=loc-frag-3333&token_type=bearer' }],
    body: 'access_token=plain-access-8888\ntoken_type=bearer\n',
  },
];

function freshStore() {
  return createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` });
}

/** One exchange through the store, as the send path reports it; history records it from there. */
function exchange(store: ReturnType<typeof freshStore>, response: (typeof RESPONSES)[number]) {
  const s = store.getState();
  store.getState().beginExchange({ method: 'GET', url: 'http://h/login', headers: [] }, { tabId: s.activeTabId, draftId: s.draft.id });
  store.getState().receiveHead({ status: 302, reason: 'Found', httpVersion: '1.1', headers: [{ name: 'Content-Type', value: response.contentType }, ...response.headers] });
  store.getState().receiveBody(new TextEncoder().encode(response.body));
  const timings = { dns: 1, connect: 1, tls: 0, send: 1, firstByte: 2, download: 1, total: 6, reusedConnection: false };
  const sizes = { requestHeaders: 10, requestBody: 0, responseHeaders: 20, responseBodyWire: response.body.length, responseBodyDecoded: response.body.length };
  store.getState().completeExchange({ timings, sizes, sent: { method: 'GET', url: 'http://h/login', headText: '', headers: [], bodyBytes: 0 }, hops: [], insecureTls: false });
}

async function recordAll(verbatim: boolean) {
  const storage = memoryWorkspaceStorage();
  const store = freshStore();
  const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 0 });
  await session.ready;
  store.getState().setKeepResponseBodiesVerbatim(verbatim);
  for (const response of RESPONSES) {
    exchange(store, response);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ids = store.getState().historyRows.map((r) => r.id);
  expect(ids).toHaveLength(RESPONSES.length);
  const entries = JSON.stringify([...storage.stores.history.values()]);
  const bodies = await Promise.all(ids.map(async (id) => (await session.readResponseBody(id))!.text()));
  const har = await historyHar(session, ids, { verbatimBodies: verbatim });
  session.stop();
  return { entries, bodies, har: har.text };
}

describe('history keeps the response side masked', () => {
  it('stores response headers and XML, nested JSON and text bodies without the planted secrets, and exports none in HAR', async () => {
    const { entries, bodies, har } = await recordAll(false);
    for (const secret of PLANTED) {
      expect(entries, secret).not.toContain(secret);
      expect(bodies.join('\n'), secret).not.toContain(secret);
      expect(har, secret).not.toContain(secret);
    }
    expect(entries).toContain('https://app.test/cb?access_token=••••&state=keep-state');
    expect(entries).toContain('/cb?code=••••&state=keep-state');
    expect(bodies.some((b) => b.includes('<AccessToken>•••• (masked: AccessToken)</AccessToken>'))).toBe(true);
    for (const body of bodies.filter((b) => b.startsWith('{'))) expect(() => JSON.parse(body)).not.toThrow();
  });

  it('keeps bodies verbatim when the person opted in, in storage and in HAR, but still masks the headers', async () => {
    const { entries, bodies, har } = await recordAll(true);
    expect(bodies).toEqual(expect.arrayContaining(RESPONSES.map((r) => r.body)));
    expect(har).toContain('soap-token-5555');
    for (const secret of ['loc-access-1111', 'loc-code-2222', 'loc-frag-3333', 'cookie-sid-4444']) {
      expect(entries, secret).not.toContain(secret);
      expect(har, secret).not.toContain(secret);
    }
  });
});
