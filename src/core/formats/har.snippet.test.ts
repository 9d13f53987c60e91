import { HTTPSnippet } from 'httpsnippet-lite';
import { describe, expect, it } from 'vitest';
import { buildMultipart } from '../encoding';
import type { FileRef } from '../types';
import { toHarRequest } from './har';

/**
 * The app hands `toHarRequest` output to httpsnippet-lite for code snippets; these check
 * the two agree on the shape, with the real library (tests only: core never imports it).
 */
describe('toHarRequest feeds httpsnippet-lite', () => {
  it('gives a Python requests snippet with the JSON body and redacted auth', async () => {
    const har = toHarRequest({
      method: 'POST',
      url: 'https://api.example.test/items?page=2',
      headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Authorization', value: 'Bearer s3cret' }],
      body: ['{"name":"mug"}'],
    });
    const code = String(await new HTTPSnippet(har).convert('python', 'requests'));
    expect(code).toContain('https://api.example.test/items');
    expect(code).toContain('querystring = {"page":"2"}');
    expect(code).toContain('"name": "mug"');
    expect(code).toContain('Bearer {{Authorization}}');
    expect(code).not.toContain('s3cret');
  });

  it('gives a fetch snippet for a form body and a curl snippet with file parts', async () => {
    const form = toHarRequest({ method: 'POST', url: 'https://a.test/login', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: ['user=ada&remember=on'] });
    expect(String(await new HTTPSnippet(form).convert('javascript', 'fetch'))).toContain('URLSearchParams');
    const file: FileRef = { kind: 'file', id: 'f', name: 'cat.jpg', size: 3, type: 'image/jpeg' };
    const built = buildMultipart([{ name: 'caption', content: 'hi' }, { name: 'photo', content: file }]);
    if (!built.ok) throw new Error(built.error.message);
    const upload = toHarRequest({ method: 'POST', url: 'https://a.test/up', headers: [{ name: 'Content-Type', value: built.value.contentType }], body: built.value.chunks });
    const curl = String(await new HTTPSnippet(upload).convert('shell', 'curl'));
    expect(curl).toContain('--form caption=hi');
    expect(curl).toContain('--form photo=@cat.jpg');
  });
});
