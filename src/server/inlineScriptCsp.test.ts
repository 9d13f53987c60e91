import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_KEY_FRAGMENT, PAGE_KEY_STORAGE } from '../app/base/relay/session';
import { APP_CSP, appCspFor, inlineScriptHashes } from './staticFiles';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe("the first screen's inline scripts run by their hash, and no other inline script", () => {
  it('hashes each inline script exactly as written, never one with a src', () => {
    const html = '<head><script>a()</script><script src="/x.js"></script><script type="module" src="/m.js"></script></head><body><script>\n  b();\n</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n  b();\n')]);
    const csp = appCspFor(html);
    expect(csp).toContain(`script-src 'self' ${sha('a()')} ${sha('\n  b();\n')}`);
    // Everything else of the policy is the app's.
    expect(csp.replace(/ 'sha256-[^']+'/g, '')).toBe(APP_CSP);
    expect(appCspFor('<p>no scripts</p>')).toBe(APP_CSP);
  });

  it("allows index.html's own inline scripts (the theme before the first paint, the shell's URL field)", () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBe(2);
    for (const hash of hashes) expect(appCspFor(html)).toContain(hash);
    // A changed script is not allowed by the old hash.
    expect(inlineScriptHashes(html.replace('wirebench-ui', 'wirebench-uX'))[0]).not.toBe(hashes[0]);
  });
});

describe("index.html's first script takes the launch page key out of the address", () => {
  it('uses the names the app uses for the fragment and the storage', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`.get('${PAGE_KEY_FRAGMENT}')`);
    expect(html).toContain(`localStorage.setItem('${PAGE_KEY_STORAGE}', key)`);
    expect(html.indexOf('history.replaceState')).toBeLessThan(html.indexOf('wirebench-ui'));
  });
});
