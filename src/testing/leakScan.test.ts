import { describe, expect, it } from 'vitest';
import { describeLeaks, findLeaks, leakForms, plant, randomPart } from './leakScan';

const secret = plant('SigV4 secret key', `wJalr/XUtn+FEMI${randomPart(20)}`);

describe('the leak search', () => {
  it('finds a planted value as typed, with its store, offset and a snippet', () => {
    const hits = findLeaks([secret], [{ name: 'report.json', bytes: `{"x": "${secret.value}"}` }]);
    expect(hits).toEqual([{ kind: 'SigV4 secret key', form: 'as planted', store: 'report.json', offset: 7, snippet: `{"x": "${secret.value}"}` }]);
  });

  it('finds it inside Base64 and base64url at every alignment (a Basic header, a blob)', () => {
    for (const prefix of ['', 'u', 'us', 'user:']) {
      const base64 = Buffer.from(`${prefix}${secret.value}!`).toString('base64');
      const hits = findLeaks([secret], [{ name: 'header', bytes: `Authorization: Basic ${base64}` }]);
      expect(hits.map((h) => h.form)).toEqual([expect.stringMatching(/^Base64 \(alignment \d\)$/)]);
      const url = base64.replace(/\+/g, '-').replace(/\//g, '_');
      expect(findLeaks([secret], [{ name: 'cookie', bytes: url }]).length).toBeGreaterThan(0);
    }
  });

  it('finds it percent-encoded, form-encoded, JSON- and HTML-escaped, and cut short', () => {
    const spaced = plant('Digest password', `Circle of ${randomPart(12)} & "Life"`);
    const texts = [encodeURIComponent(spaced.value), encodeURIComponent(spaced.value).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()), new URLSearchParams({ p: spaced.value }).toString(), JSON.stringify(spaced.value), spaced.value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')];
    for (const text of texts) expect(findLeaks([spaced], [{ name: 'x', bytes: text }]).length, text).toBeGreaterThan(0);
    expect(findLeaks([secret], [{ name: 'x', bytes: `${secret.value.slice(0, -4)}…` }]).map((h) => h.form)).toEqual(['truncated (middle of the value)']);
    expect(leakForms(secret.value).map((f) => f.form)).toContain('percent-encoded (URI component, lower-case hex)');
    expect(findLeaks([secret], [{ name: 'x', bytes: encodeURIComponent(secret.value).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()) }]).length).toBe(1);
  });

  it('does not hit a mask that keeps only the ends, nor another value', () => {
    const masked = `${secret.value.slice(0, 4)}••••${secret.value.slice(-4)}`;
    expect(findLeaks([secret], [{ name: 'x', bytes: `${masked} ${randomPart(40)}` }])).toEqual([]);
  });

  it('reports each leak on a line and sums up kinds by store', () => {
    const text = describeLeaks(findLeaks([secret], [{ name: 'a.xml', bytes: secret.value }, { name: 'b.html', bytes: `x${secret.value}` }]));
    expect(text).toContain('2 leaks:');
    expect(text).toContain('- SigV4 secret key (as planted) in b.html at byte 1:');
    expect(text).toContain('  SigV4 secret key: a.xml, b.html');
    expect(describeLeaks([])).toBe('No leaks.');
  });

  it('refuses a planted value too short to search for', () => {
    expect(() => plant('x', 'short')).toThrow(RangeError);
  });
});
