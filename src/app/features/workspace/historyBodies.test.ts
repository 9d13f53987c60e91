import { describe, expect, it } from 'vitest';
import { sessionSecrets } from '../../../core';
import { maskedHistoryBody } from './historyBodies';

describe('maskedHistoryBody', () => {
  it('masks what the session learned is secret, as typed and Base64-encoded, and keeps JSON valid', async () => {
    const token = `opaque-${Math.random().toString(36).slice(2)}-stored-by-a-script`;
    sessionSecrets.remember(token, 'a test');
    const body = JSON.stringify({ echo: token, encoded: btoa(token), note: 'kept' });
    const kept = await maskedHistoryBody(new Blob([body], { type: 'application/json' }), 'application/json', []);
    expect(kept).not.toBe('too-large');
    const text = await (kept as Blob).text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(btoa(token).replace(/=+$/, ''));
    expect(JSON.parse(text).note).toBe('kept');
  });
});
