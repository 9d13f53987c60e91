import { describe, expect, it } from 'vitest';
import type { WireRequest } from '../../core';
import { codeSnippet, SNIPPET_TARGETS } from './snippets';

const wire: WireRequest = {
  method: 'POST',
  url: 'https://api.example.test/orders?page=2',
  headers: [
    { name: 'Content-Type', value: 'application/json' },
    { name: 'Authorization', value: 'Bearer real-token' },
  ],
  body: ['{"sku":"A-1"}'],
};

describe('code snippets', () => {
  it.each(SNIPPET_TARGETS.map((t) => [t.label, t.id]))('%s sends the method, URL, headers and body', async (_label, id) => {
    const result = await codeSnippet(wire, id);
    expect(result.ok).toBe(true);
    const code = result.ok ? result.value : '';
    expect(code).toContain('api.example.test/orders');
    expect(code).toContain('sku');
    expect(code).toMatch(/POST|post|Post/);
    expect(code).not.toContain('real-token');
  });

  it('writes the six the issue names in their own idiom', async () => {
    const code = async (id: string) => {
      const result = await codeSnippet(wire, id);
      return result.ok ? result.value : result.error.message;
    };
    expect(await code('curl')).toMatch(/^curl --request POST/);
    expect(await code('fetch')).toContain('fetch(');
    expect(await code('python-requests')).toContain('import requests');
    expect(await code('httpie')).toMatch(/http POST/);
    expect(await code('go')).toContain('http.NewRequest');
    expect(await code('java-nethttp')).toContain('HttpRequest.newBuilder()');
  });

  it('keeps secrets only when asked, as {{variables}} otherwise', async () => {
    const hidden = await codeSnippet(wire, 'curl');
    const shown = await codeSnippet(wire, 'curl', { includeSecrets: true });
    expect(hidden.ok && hidden.value).toContain('Bearer {{Authorization}}');
    expect(shown.ok && shown.value).toContain('Bearer real-token');
  });

  it('refuses a target that does not exist', async () => {
    await expect(codeSnippet(wire, 'cobol')).rejects.toThrow(RangeError);
  });
});
