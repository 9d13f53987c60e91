import { describe, expect, it } from 'vitest';
import { maskResponseBody } from './redactResponse';

const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLWFjY2Vzcw';
const REFRESH = 'rt-rotated-7f3a9c2e1b';

describe('response bodies as history keeps them', () => {
  it('masks a JSON token response and keeps it valid JSON with every member', () => {
    const body = JSON.stringify({ access_token: ACCESS, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH, id_token: 'id-token-value', scope: 'read' });
    const masked = maskResponseBody(body, 'application/json; charset=utf-8');
    expect(masked.changed).toBe(true);
    for (const secret of [ACCESS, REFRESH, 'id-token-value']) expect(masked.text).not.toContain(secret);
    const parsed = JSON.parse(masked.text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['access_token', 'token_type', 'expires_in', 'refresh_token', 'id_token', 'scope']);
    expect(parsed.access_token).toBe('•••• (masked: access_token)');
    expect(parsed.expires_in).toBe(3600);
    expect(parsed.scope).toBe('read');
    expect(parsed.token_type).toBe('Bearer');
  });

  it('masks nested members, credential-shaped values and echoed carried secrets', () => {
    const body = JSON.stringify({ headers: { Authorization: 'Bearer carried-token-123456', Accept: '*/*' }, data: { note: ACCESS, list: [{ password: 'pw-1' }] } });
    const masked = maskResponseBody(body, 'application/json', ['carried-token-123456']);
    expect(masked.text).not.toContain('carried-token-123456');
    expect(masked.text).not.toContain(ACCESS);
    expect(masked.text).not.toContain('pw-1');
    expect(masked.text).toContain('*/*');
  });

  it('masks a form-encoded token response and carried secrets in plain text', () => {
    const form = maskResponseBody(`access_token=${REFRESH}&token_type=bearer&expires_in=60`, 'application/x-www-form-urlencoded');
    expect(form.text).not.toContain(REFRESH);
    expect(form.text).toContain('token_type=bearer');
    const plain = maskResponseBody('You sent key carried-key-abcdef, thanks', 'text/plain', ['carried-key-abcdef', 'short']);
    expect(plain.text).toBe('You sent key •••• (masked: a secret this request carried), thanks');
  });

  it('leaves a body without secrets unchanged, and masks 50,000 members of a large body in one pass', () => {
    const clean = JSON.stringify({ items: [{ id: 1, name: 'shoe' }] });
    expect(maskResponseBody(clean, 'application/json')).toEqual({ text: clean, changed: false });
    const big = JSON.stringify({ items: Array.from({ length: 50_000 }, (_, i) => ({ id: i, refresh_token: `rt-${i}-abcdefgh` })) });
    const masked = maskResponseBody(big, 'application/json', ['never-present-value']);
    expect(masked.text).not.toContain('rt-49999-abcdefgh');
    expect(JSON.parse(masked.text).items).toHaveLength(50_000);
  });
});
