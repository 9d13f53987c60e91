import { describe, expect, it } from 'vitest';
import { bodyFileName } from './bodyFile';

const h = (value: string) => [{ name: 'Content-Disposition', value }];

describe('bodyFileName', () => {
  it('prefers the server\u2019s filename, RFC 6266 filename* first', () => {
    expect(bodyFileName('http://x/a', h('attachment; filename="report.csv"'), 'text', undefined)).toBe('report.csv');
    expect(bodyFileName('http://x/a', h("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf; filename=resume.pdf"), 'pdf', undefined)).toBe('résumé.pdf');
  });

  it('falls back to the URL and adds an extension from the content', () => {
    expect(bodyFileName('http://x/sandbox/json/10', [], 'json', 'application/json')).toBe('10.json');
    expect(bodyFileName('http://x/', [], 'image', 'image/png')).toBe('response.png');
    expect(bodyFileName(undefined, [], undefined, undefined)).toBe('response.bin');
  });

  it('never lets a name escape its folder', () => {
    expect(bodyFileName('http://x/', h('attachment; filename="../../etc/passwd"'), 'text', undefined)).toBe('_.._etc_passwd.txt');
  });
});
