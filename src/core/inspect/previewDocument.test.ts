import { describe, expect, it } from 'vitest';
import { PREVIEW_CSP, sandboxedPreviewHtml } from './previewDocument';

describe('sandboxedPreviewHtml', () => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;

  it('puts the policy before any markup of the response', () => {
    expect(sandboxedPreviewHtml('<script>x()</script><p>hi')).toBe(`${meta}<script>x()</script><p>hi`);
  });

  it('keeps a leading doctype first so the page stays in standards mode', () => {
    expect(sandboxedPreviewHtml('<!DOCTYPE html>\n<html>')).toBe(`<!DOCTYPE html>${meta}\n<html>`);
  });

  it('forbids scripts, connections and frames in the policy', () => {
    expect(PREVIEW_CSP).toMatch(/^default-src 'none'/);
    expect(PREVIEW_CSP).not.toContain('script-src');
  });
});
