import { describe, expect, it } from 'vitest';
import type { WireRequest } from '../../../core';
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

  describe('carry the body the wire carries, byte for byte (issue 14)', () => {
    const form = (body: string): WireRequest => ({
      method: 'POST',
      url: 'https://api.example.test/login',
      headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
      body: [body],
    });
    // `q=a%2Bb` is what `curl --data-urlencode 'q=a+b'` sends; `a=1\n` a Text body ending in a newline.
    const bodies = ['a=1', 'q=a%2Bb', 'a=1\n', 'b=x y&a=1', 'flag'];
    const literal: Record<string, (body: string) => string> = {
      curl: (body) => (/^[\w=%]+$/.test(body) ? `--data ${body}` : `--data '${body}'`),
      'python-requests': (body) => `payload = ${JSON.stringify(body)}`,
      fetch: (body) => `body: '${body.replace(/\n/g, '\\n')}'`,
      'node-fetch': (body) => `body: '${body.replace(/\n/g, '\\n')}'`,
      go: (body) => `strings.NewReader(${JSON.stringify(body)})`,
      csharp: (body) => `new StringContent(${JSON.stringify(body)})`,
      php: (body) => `CURLOPT_POSTFIELDS => ${JSON.stringify(body)}`,
    };
    const cases = Object.keys(literal).flatMap((id) => bodies.map((body) => [id, body] as const));
    it.each(cases)('%s writes the form body %j as it is', async (id, body) => {
      const result = await codeSnippet(form(body), id);
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value).toContain(literal[id]!(body));
    });

    it('names the media type where a target needs it, never the stand-in', async () => {
      const csharp = await codeSnippet(form('a=1'), 'csharp');
      const okhttp = await codeSnippet(form('a=1'), 'java-okhttp');
      expect(csharp.ok && csharp.value).toContain('new MediaTypeHeaderValue("application/x-www-form-urlencoded")');
      expect(okhttp.ok && okhttp.value).toContain('MediaType.parse("application/x-www-form-urlencoded")');
      for (const target of SNIPPET_TARGETS) {
        const result = await codeSnippet(form('a=1'), target.id);
        expect(result.ok && result.value, target.id).not.toContain('wirebench-verbatim');
      }
    });

    it('keeps JSON as typed, spacing and large numbers included', async () => {
      const json: WireRequest = { ...wire, body: ['{"id":9007199254740993,  "sku":"A-1"}'] };
      for (const id of ['python-requests', 'fetch', 'curl']) {
        const result = await codeSnippet(json, id);
        expect(result.ok && result.value, id).toContain('9007199254740993,  ');
      }
    });

    it('still hides a secret form field unless asked', async () => {
      const hidden = await codeSnippet(form('user=ada&password=hunter2'), 'python-requests');
      expect(hidden.ok && hidden.value).not.toContain('hunter2');
      const shown = await codeSnippet(form('user=ada&password=hunter2'), 'python-requests', { includeSecrets: true });
      expect(shown.ok && shown.value).toContain('payload = "user=ada&password=hunter2"');
    });
  });

  it('refuses a target that does not exist', async () => {
    await expect(codeSnippet(wire, 'cobol')).rejects.toThrow(RangeError);
  });
});
