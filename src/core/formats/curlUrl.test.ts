import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { importCurlCommands } from './curlCommandsImport';
import { parseCurl } from './curlImport';
import { curlUrlCredentials, curlUrlRefusal } from './curlUrl';

describe('curlUrlRefusal: the URLs curl 7.88 refuses (each checked with the real curl)', () => {
  it.each([
    ['http://foo=bar', /host "foo=bar" holds "="/],
    ['http://foo=bar; bar=baz', /host "foo=bar; bar=baz" holds "="/],
    ['http://accept: application/json', /port " application"/],
    ['http://a@b@h/', /holds "@"/],
    ['http://a%3Db/', /host "a=b" holds "="/],
    ['http://h:+80/', /port "\+80"/],
    ['http://h:65536/', /port "65536"/],
    ['http:///p', /no host/],
    ['http://opponents\\"]","role":"user"}]', /holds "\\\\"/],
  ])('refuses %s', (url, reason) => {
    expect(curlUrlRefusal(url)).toMatch(reason);
  });

  it.each(['http://@--url', 'http://a_b:80/', 'http://a|b/', 'http://h:/', 'http://h:018765/', 'http://%31%32%37.0.0.1/', 'http://[::1]:8080/', 'https://x/?q=a b{', 'http://{{host}}/', 'ftp://a=b/'])('accepts (or does not judge) %s', (url) => {
    expect(curlUrlRefusal(url)).toBeUndefined();
  });
});

describe('curlUrlCredentials: user and password in the URL are Basic credentials', () => {
  it('takes them out of the URL, percent-decoded; a lone user has an empty password, "@" alone an empty pair', () => {
    expect(curlUrlCredentials('http://x%20z:y%3A1@h:8/p?q=a@b')).toEqual({ url: 'http://h:8/p?q=a@b', auth: { scheme: 'basic', values: { username: 'x z', password: 'y:1' } } });
    expect(curlUrlCredentials('http://x@h/').auth?.values).toEqual({ username: 'x', password: '' });
    expect(curlUrlCredentials('http://@--url')).toEqual({ url: 'http://--url', auth: { scheme: 'basic', values: { username: '', password: '' } } });
    expect(curlUrlCredentials('https://h/a@b')).toEqual({ url: 'https://h/a@b' });
  });
});

describe('importing cURL: URLs as curl reads them', () => {
  const requests = (text: string) => {
    const result = importCurlCommands(text);
    if (!result.ok) throw new Error(result.error.message);
    return { items: result.value.collection.items as SavedRequest[], warnings: result.value.warnings };
  };

  it('sends URL credentials as Basic auth, unless -u or an Authorization header gives others (as curl does)', () => {
    const fromUrl = parseCurl("curl 'http://avs:def@127.0.0.1:8000/brand/4' -X PUT");
    expect(fromUrl.ok && [fromUrl.value.draft.url, fromUrl.value.draft.auth]).toEqual(['http://127.0.0.1:8000/brand/4', { scheme: 'basic', values: { username: 'avs', password: 'def' } }]);
    const withU = parseCurl('curl -u a:b http://x:y@h/');
    expect(withU.ok && [withU.value.draft.url, withU.value.draft.auth.values, withU.value.warnings]).toEqual(['http://h/', { username: 'a', password: 'b' }, ['The user and password in the URL http://h/ were left out: cURL sends the -u or Authorization header credentials instead.']]);
    const withHeader = parseCurl("curl -H 'Authorization: Bearer t' http://x:y@h/");
    expect(withHeader.ok && withHeader.value.draft.auth.scheme).toBe('none');
  });

  it('leaves out the URLs curl refuses when it sends others, saying so; keeps a lone refused URL to be corrected', () => {
    const { items, warnings } = requests("curl --request POST \\\n@--url 'http://a.test/har?x=1' \\\n@--header 'accept: application/json' \\\n@--data foo=bar");
    expect(items.map((r) => `${r.draft.method} ${r.draft.url} ${r.draft.auth.scheme}`)).toEqual(['POST http://--url basic', 'POST http://a.test/har?x=1 none', 'POST http://--header basic', 'POST http://--data basic']);
    expect(warnings.filter((w) => w.includes('refuses'))).toEqual([
      'POST --url (line 1): cURL refuses the URL "accept: application/json": its port " application" is not a number from 0 to 65535; it sends the other URLs, so this one was left out.',
      'POST --url (line 1): cURL refuses the URL "foo=bar": its host "foo=bar" holds "=", which curl refuses in a host name; it sends the other URLs, so this one was left out.',
    ]);
    const lone = parseCurl('curl foo=bar');
    expect(lone.ok && [lone.value.draft.url, lone.value.warnings]).toEqual(['http://foo=bar', ['cURL refuses the URL "foo=bar": its host "foo=bar" holds "=", which curl refuses in a host name; correct it before sending.']]);
  });
});
