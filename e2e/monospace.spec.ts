import { test, expect } from './fixtures';

/**
 * Underscores and descenders in monospace fields are never clipped: every such field's
 * line box and content box are taller than the font's ascent plus descent (DejaVu Sans
 * Mono, the Linux default, reaches 1.17 em; macOS and Windows monospace fonts less).
 */
test('monospace inputs leave room for underscores and descenders at 100 % zoom', async ({ workbench, page }, testInfo) => {
  await workbench.url.fill(new URL('/sandbox/anything?client_id=my_app&grant_type=jwt_bearer', page.url()).href);
  await page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Params/ }).click();
  const fields = page.locator('.method-input, .kv-table input:not([type=checkbox]), .url-editor .cm-line');
  await expect(fields.first()).toBeVisible();
  const boxes = await fields.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const fontSize = parseFloat(style.fontSize);
      const lineHeight = style.lineHeight === 'normal' ? NaN : parseFloat(style.lineHeight);
      const content = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return { what: element.className || element.tagName, fontSize, lineHeight, content, family: style.fontFamily };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(4);
  for (const box of boxes) {
    expect(box.family, box.what).toMatch(/mono/i);
    expect(box.lineHeight / box.fontSize, `${box.what}: line-height`).toBeGreaterThanOrEqual(1.3);
    expect(box.content / box.fontSize, `${box.what}: content box`).toBeGreaterThanOrEqual(1.3);
  }
  const row = page.locator('.kv-table').first();
  await testInfo.attach('params-100-percent', { body: await row.screenshot(), contentType: 'image/png' });
  await page.screenshot({ path: testInfo.outputPath('monospace-100.png'), clip: { x: 0, y: 0, width: 1280, height: 400 } });
});
