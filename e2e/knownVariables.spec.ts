/**
 * Variables the run knows are known (issue 27 item 5), against the sandbox: a value captured
 * by one request's Checks is known in the next request's URL (not underlined "Unresolved"),
 * What will be sent shows its value (not %7B%7BnewOrderId%7D%7D) and the send uses it; a name
 * the request's own pre-request script sets is known too, and dynamic variables are noted as
 * drawn anew at each send.
 */
import { expect, test } from './fixtures';
import { ChecksPage } from './pages/ChecksPage';
import { KnownVariablesPage } from './pages/KnownVariablesPage';

const SHOTS = '/tmp/shots-known-variables';

test('a captured value is known in the next request, What will be sent shows it, and the send uses it', async ({ composer: _composer, page }) => {
  const composer = new KnownVariablesPage(page);
  const checks = new ChecksPage(page);
  const origin = composer.origin();
  await composer.compose('GET', `${origin}/sandbox/anything?orderId=ord-777`);
  await checks.addCapture('newOrderId', 'JSONPath', '$.args.orderId');
  await composer.sendAndWait();
  await checks.openResults();
  await expect(checks.results).toContainText('newOrderId');

  await composer.composeInNewTab('GET', `${origin}/sandbox/anything/orders/{{newOrderId}}?id={{$guid}}`);
  await expect(composer.urlVariable('newOrderId')).toBeVisible();
  await expect(composer.urlVariable('newOrderId')).not.toHaveClass(/cm-wb-var-missing/);
  await expect(composer.urlVariable('newOrderId')).not.toHaveAttribute('title', /not defined/);
  await expect(composer.urlVariable('$guid')).not.toHaveClass(/cm-wb-var-missing/);
  await composer.showWirePreview();
  await expect(composer.wirePreview).toContainText('GET /sandbox/anything/orders/ord-777?id=');
  await expect(composer.wirePreview).not.toContainText('%7B%7B');
  await expect(composer.runNote).toContainText('{{newOrderId}} is a run variable (captured or set by a script): shown with the current value.');
  await expect(composer.dynamicNote).toContainText('{{$guid}}');
  await expect(composer.dynamicNote).toContainText('a new value is drawn at send time');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const [w, h] of [[1024, 700], [1920, 1080]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/captured-${theme}-${w}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await composer.sendAndWait();
  const echoed = await composer.responseJson<{ url: string }>();
  expect(echoed.url).toContain('/sandbox/anything/orders/ord-777');
});

test("a name the request's pre-request script sets is known, and sending asks nothing about it", async ({ composer: _composer, page }) => {
  const composer = new KnownVariablesPage(page);
  const checks = new ChecksPage(page);
  await composer.compose('GET', `${composer.origin()}/sandbox/anything?stamp={{stamp}}`);
  await expect(composer.urlVariable('stamp')).toHaveClass(/cm-wb-var-missing/);
  await checks.setScript('Pre-request', "pm.variables.set('stamp', 'made-at-send');");
  await expect(composer.urlVariable('stamp')).not.toHaveClass(/cm-wb-var-missing/);
  await composer.showWirePreview();
  await expect(composer.setAtSendNote).toContainText("{{stamp}} is set by this request's pre-request script when it is sent");
  // No "unresolved variable" question: the send goes at once and carries the script's value.
  await composer.sendAndWait();
  await expect(composer.gate).toHaveCount(0);
  const echoed = await composer.responseJson<{ args: Record<string, string> }>();
  expect(echoed.args.stamp).toBe('made-at-send');
  // Now a run variable: known with its value.
  await expect(composer.runNote).toContainText('{{stamp}} is a run variable');
  await expect(composer.wirePreview).toContainText('stamp=made-at-send');
});
