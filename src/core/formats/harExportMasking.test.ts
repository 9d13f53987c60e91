import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { HistoryEntry } from '../workspace';
import { exportHar } from './harExport';

/** An entry as an older version stored it: the Location's code, a cookie and a SOAP token in plaintext. */
const stored: HistoryEntry = {
  id: 'h1',
  at: '2025-03-01T10:00:00.000Z',
  draft: normaliseDraft({ method: 'POST', url: 'https://idp.test/login' }),
  wire: { method: 'POST', url: 'https://idp.test/login', headers: [] },
  status: 302,
  reason: 'Found',
  httpVersion: '1.1',
  responseHeaders: [
    { name: 'Content-Type', value: 'text/xml; charset=utf-8' },
    { name: 'Location', value: 'https://app.test/cb?code=har-code-1234&state=keep-1#access_token=har-frag-5678' },
    { name: 'Set-Cookie', value: 'sid=har-cookie-9012; Path=/' },
  ],
  responseBodyRef: 'b1',
};
const body = '<LoginResponse><AccessToken>har-soap-3456</AccessToken><User>alice</User></LoginResponse>';
const secrets = ['har-code-1234', 'har-frag-5678', 'har-cookie-9012', 'har-soap-3456'];

function responseOf(text: string) {
  return JSON.parse(text).log.entries[0].response as { headers: { name: string; value: string }[]; redirectURL: string; content: { text: string } };
}

describe("the history's HAR export masks the response side", () => {
  it('masks response headers, the redirect URL and text bodies by default', () => {
    const text = exportHar([stored], { responseBodies: { b1: { text: body } } });
    for (const secret of secrets) expect(text).not.toContain(secret);
    const response = responseOf(text);
    expect(response.redirectURL).toBe('https://app.test/cb?code=••••&state=keep-1#access_token=••••');
    expect(response.headers[2]).toEqual({ name: 'Set-Cookie', value: 'sid=••••; Path=/' });
    expect(response.content.text).toBe('<LoginResponse><AccessToken>•••• (masked: AccessToken)</AccessToken><User>alice</User></LoginResponse>');
  });

  it('keeps bodies verbatim when the person chose so, but never the headers; includeSecrets keeps both', () => {
    const verbatim = responseOf(exportHar([stored], { responseBodies: { b1: { text: body } }, verbatimBodies: true }));
    expect(verbatim.content.text).toBe(body);
    expect(JSON.stringify(verbatim.headers)).not.toMatch(/har-code-1234|har-cookie-9012/);
    const all = responseOf(exportHar([stored], { responseBodies: { b1: { text: body } }, includeSecrets: true }));
    expect(all.redirectURL).toContain('har-code-1234');
    expect(all.content.text).toBe(body);
  });

  it('leaves base64 bodies as they are', () => {
    const binary = { text: 'AAECAwQ=', encoding: 'base64' as const };
    expect(JSON.parse(exportHar([stored], { responseBodies: { b1: binary } })).log.entries[0].response.content).toMatchObject(binary);
  });
});
