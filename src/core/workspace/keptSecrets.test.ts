import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import { keepDraftSecrets, keptSecretReferences, restoreKeptSecrets } from './keptSecrets';
import { looksLikeSecretValue, redactSecrets } from './redact';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXZhbHVl';
const GH = 'ghp_0123456789abcdefghijABCDEFGHIJ012345';

describe('secrets by kind, not by tab', () => {
  it('recognises credential-shaped values whatever field holds them', () => {
    for (const value of [JWT, GH, `Bearer ${GH}`, 'Basic YWxhZGRpbjpvcGVuc2VzYW1l', 'xoxb-1234567890-abcdefghij', 'sk_live_abcdefghij0123456789', 'AKIAIOSFODNN7EXAMPLE', 'glpat-abcdefghij0123456789']) {
      expect(looksLikeSecretValue(value), value).toBe(true);
    }
    for (const value of ['hello world', 'application/json', '{{token}}', 'Bearer {{token}}', 'eyJ', '2026-11-24T10:00:00Z', 'a'.repeat(40)]) {
      expect(looksLikeSecretValue(value), value).toBe(false);
    }
  });

  it('takes each kind out of a draft: header, innocuously named header with a JWT, query, nested JSON, form, cookie; references stay', () => {
    const draft = normaliseDraft({
      method: 'POST',
      url: `https://api.test/items?api_key=k-123456&q=shoes&sig=${GH}`,
      headers: [
        { name: 'Authorization', value: `Bearer ${GH}` },
        { name: 'X-Debug', value: JWT },
        { name: 'Cookie', value: 'session=abc123def456' },
        { name: 'X-Ref', value: '{{token}}' },
        { name: 'Accept', value: 'application/json' },
      ],
      body: { kind: 'json', texts: { json: JSON.stringify({ user: { name: 'alice', password: 'hunter2!', profile: { note: JWT } } }) } },
    });
    const { draft: kept, kept: values } = keepDraftSecrets(draft, 'tab-1');
    const text = JSON.stringify(kept);
    for (const secret of [GH, JWT, 'k-123456', 'session=abc123def456', 'hunter2!']) expect(text).not.toContain(secret);
    expect(text).toContain('{{token}}');
    expect(text).toContain('application/json');
    expect(text).toContain('shoes');
    expect(kept.headers[0]!.value).toBe('Bearer {{secret:tab-1.Authorization}}');
    expect(Object.keys(values).every((name) => name.startsWith('secret:tab-1.'))).toBe(true);
    expect(keptSecretReferences(kept).sort()).toEqual(Object.keys(values).sort());
    const restored = restoreKeptSecrets(kept, values);
    expect(restored).toEqual(draft);
  });

  it('takes a form body field out, and leaves what it cannot restore as a visible reference', () => {
    const draft = normaliseDraft({ method: 'POST', url: 'https://api.test/token', body: { kind: 'form', form: [{ name: 'client_secret', value: 's3cr3t-value' }, { name: 'grant_type', value: 'client_credentials' }] } });
    const { draft: kept, kept: values } = keepDraftSecrets(draft, 'req-9');
    expect(JSON.stringify(kept)).not.toContain('s3cr3t-value');
    expect(restoreKeptSecrets(kept, {})).toEqual(kept);
    expect(restoreKeptSecrets(kept, values)).toEqual(draft);
  });

  it('exports see value-shaped secrets too', () => {
    const draft = normaliseDraft({ url: 'https://api.test/', headers: [{ name: 'X-Trace', value: JWT }] });
    expect(JSON.stringify(redactSecrets(draft).draft)).not.toContain(JWT);
  });
});
