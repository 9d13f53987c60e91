import { leadSentence, statusInfo } from '../src/core';
import { samplePdf, servePdf } from './support/pdf';
import { expect, test } from './fixtures';

test('each status the sandbox can answer is explained for the request that caused it', async ({ inspector }) => {
  const specific: Record<number, RegExp> = {
    401: /The server asks for Basic/,
    403: /Refused, and no Authorization was sent/,
    405: /Allow lists GET itself/,
    415: /./,
    429: /Retry after 5 seconds/,
    500: /Server fault, not yours/,
    503: /Retry after 5 seconds/,
    507: /The server cannot store this/,
  };
  for (const code of [400, 401, 403, 404, 405, 415, 422, 429, 500, 503, 507]) {
    await inspector.get(`/sandbox/status/${code}`);
    await expect(inspector.status).toContainText(String(code));
    await expect(inspector.metrics).toBeVisible();
    await expect(inspector.sentence).toHaveText(leadSentence(statusInfo(code).explanation));
    // Open once: the choice is remembered for the next responses.
    if (code === 400) await inspector.explain();
    await expect(inspector.explanation).toContainText(statusInfo(code).explanation);
    await expect(inspector.explanation.getByRole('link', { name: statusInfo(code).reference })).toHaveAttribute('href', statusInfo(code).referenceUrl);
    if (specific[code]) await expect(inspector.finding(specific[code]!).first()).toBeVisible();
    if (code === 429) {
      await expect(inspector.countdown.first()).toHaveText(/Retry in 0:0\d|You may retry now/);
      await inspector.screenshot('status-429-countdown');
    }
  }
});

test('the status is one row and one sentence; Explain opens the card and is remembered (issue 14)', async ({ composer, inspector, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const origin = new URL(composer.origin());
  await composer.compose('GET', `https://127.0.0.1:${Number(origin.port) + 1}/sandbox/redirect/1`);
  await composer.section('Options');
  await page.getByLabel('Follow redirects').check();
  await page.getByLabel('Skip TLS certificate verification').check();
  await composer.send.click();
  // The HTTPS sandbox speaks HTTP/2 (ALPN), which has no reason phrase: the row says so rather than invent "OK".
  await expect(inspector.status).toContainText('200 (no reason phrase in HTTP/2)');
  await expect(inspector.metrics).toContainText('HTTP/2');
  await expect(inspector.metrics).toContainText('1 redirect');
  await expect(inspector.metrics.getByText('insecure', { exact: true })).toBeVisible();
  await expect(inspector.sentence).toHaveText(leadSentence(statusInfo(200).explanation));
  // Collapsed by default: no explanation, findings or Next on screen, and the body starts above the fold.
  await expect(inspector.explainToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(inspector.explanation).toHaveCount(0);
  const [status, metrics, sentence] = await Promise.all([inspector.status, inspector.metrics, inspector.sentence].map((l) => l.boundingBox()));
  // One row: the metrics start beside the status, not under it; the sentence is the next line.
  expect(metrics!.y).toBeLessThan(status!.y + status!.height);
  expect(metrics!.x).toBeGreaterThan(status!.x + status!.width);
  expect(sentence!.y).toBeGreaterThanOrEqual(status!.y + status!.height - 2);
  await expect(inspector.body).toBeVisible();
  expect((await inspector.body.boundingBox())!.y).toBeLessThan(800 - 120);
  await inspector.screenshot('status-line-collapsed-1280');

  await inspector.explain();
  await expect(inspector.explanation).toContainText(statusInfo(200).explanation);
  await expect(inspector.statusCard).toContainText('Next:');
  await inspector.screenshot('status-line-explained-1280');
  // The choice survives a reload.
  await page.reload();
  await inspector.get('/sandbox/anything');
  await expect(inspector.status).toContainText('200');
  await expect(inspector.explainToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(inspector.explanation).toBeVisible();
  await inspector.explainToggle.click();
  await expect(inspector.explanation).toHaveCount(0);
  await expect(inspector.explainToggle).toBeFocused();
});

test('a 401 lesson shows the challenge and opens the auth tab on its scheme', async ({ inspector, lessons, page }) => {
  await lessons.open('No credentials: 401 and a challenge');
  await inspector.send();
  await expect(inspector.status).toContainText('401');
  await inspector.explain();
  await expect(inspector.finding('The server asks for Basic')).toContainText('realm "sandbox"');
  await expect(inspector.finding('No Authorization sent')).toBeVisible();
  await inspector.screenshot('status-401-challenge');
  await inspector.finding('The server asks for Basic').getByRole('button', { name: 'Set up Basic auth' }).click();
  await expect(page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Auth/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Auth scheme')).toHaveValue('basic');

  await inspector.openTab('Headers');
  await inspector.explainHeader('WWW-Authenticate');
  await expect(page.getByRole('table', { name: 'Response headers' })).toContainText('Asks for Basic credentials in Authorization.');
  await expect(inspector.pane.getByTestId('sent-request')).toContainText('GET /sandbox/api/basic HTTP/1.1');
  await inspector.screenshot('headers-explained');
});

test('400, 415 and 422 lessons name what the request sent', async ({ inspector, lessons }) => {
  await lessons.open('400: JSON with a syntax error');
  await inspector.send({ confirm: true });
  await expect(inspector.status).toContainText('400');
  await inspector.explain();
  await expect(inspector.statusCard).toContainText('application/json');
  await lessons.open('415: a media type the resource does not take');
  await inspector.send();
  await expect(inspector.status).toContainText('415');
  await expect(inspector.statusCard).toContainText('text/plain');
  await lessons.open('422: well-formed but wrong');
  await inspector.send();
  await expect(inspector.status).toContainText('422');
  await expect(inspector.explanation).toContainText(statusInfo(422).explanation);
});

test('an HTML response with <script> and onerror runs nothing, in the app or in the preview', async ({ inspector, page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __inspectorMarker?: string }).__inspectorMarker = undefined;
  });
  await inspector.get('/sandbox/html');
  await expect(inspector.status).toContainText('200');
  await inspector.showView('Preview');
  const frame = inspector.previewFrame();
  await expect(frame.getByRole('heading', { name: 'Script did not run' })).toBeVisible();
  await expect(frame.getByRole('img', { name: 'a broken image' })).toBeAttached();
  await expect(inspector.previewElement()).toHaveAttribute('sandbox', '');
  // Neither the script nor the onerror handler ran: not in the frame, not in the app.
  const frameState = await page.frames().find((f) => f !== page.mainFrame() && f.url() === 'about:srcdoc')!.evaluate(() => ({
    onerror: document.body.dataset.onerror ?? null,
    title: document.title,
    heading: document.getElementById('status')?.textContent,
  }));
  expect(frameState).toEqual({ onerror: null, title: 'Sandbox HTML with script', heading: 'Script did not run' });
  const appState = await page.evaluate(() => ({ onerror: document.body.dataset.onerror ?? null, title: document.title, marker: (window as unknown as { __inspectorMarker?: string }).__inspectorMarker ?? null }));
  expect(appState).toEqual({ onerror: null, title: 'Wirebench', marker: null });
  await inspector.screenshot('html-preview-sandboxed');
});

test('a 50 MB JSON response shows its first lines while streaming, then is searchable', async ({ inspector, page }) => {
  test.setTimeout(180_000);
  // Paced at 2.5 MiB/s, the body takes 20 s to arrive whatever the machine's load, so "while streaming" is what is seen.
  await inspector.get('/sandbox/json/50?rate=2.5');
  await expect(inspector.visibleLines().first()).toBeVisible({ timeout: 30_000 });
  await expect(inspector.visibleLines().first()).toHaveText('{');
  // The first screen is there while the body is still arriving: the exchange has no summary yet.
  await expect(inspector.streamingBody).toHaveAttribute('data-formatted', 'partial');
  expect(await inspector.metrics.count()).toBe(0);
  await inspector.waitForFormatted(120_000);
  await expect(inspector.metrics).toContainText('MiB');
  await inspector.find('SKU-00054321');
  await expect(inspector.searchCount).toHaveText(/^1 of 1$/, { timeout: 30_000 });
  await expect(inspector.pane.locator('mark', { hasText: 'SKU-00054321' })).toBeVisible();
  await inspector.screenshot('json-50mb-search');
  // The page stays responsive: switching views answers at once.
  await inspector.showView('Raw');
  await expect(inspector.visibleLines().first()).toBeVisible();
  await inspector.showView('Hex');
  await expect(page.getByRole('region', { name: 'Response body as hex' })).toContainText('7b 22 6d 65');
  await inspector.screenshot('json-50mb-hex');
});

test('a SOAP fault shows as a card, for SOAP 1.1 and 1.2', async ({ inspector, lessons, page }) => {
  await lessons.open('SOAPAction does not match the Body');
  await inspector.send();
  await expect(inspector.soapFault).toBeVisible();
  await expect(inspector.soapFault).toContainText('SOAP 1.1 Fault: Your request was at fault');
  // One voice: the status of a SOAP 1.1 500 with env:Client blames the request too, never the server.
  await expect(inspector.sentence).toHaveText('The body is a SOAP 1.1 Fault with code env:Client: your request was at fault, not the server.');
  await inspector.explain();
  await expect(inspector.statusCard).not.toContainText(/Server fault, not yours|not the client/);
  await expect(inspector.soapFault).toContainText('faultstring');
  await lessons.open('A SOAP 1.2 Sender fault is a 400');
  await inspector.send();
  await expect(inspector.soapFault).toContainText('SOAP 1.2 Fault: Your request was at fault');
  await expect(inspector.soapFault).toContainText('env:Sender');
  await expect(inspector.soapFault).toContainText('NoSuchOrder');
  await expect(inspector.visibleLines().first()).toContainText('<?xml');
  await inspector.screenshot('soap-fault-12');
});

test('timing, filters and a comparison with the previous response', async ({ inspector, page }) => {
  await inspector.get('/sandbox/xml');
  await expect(inspector.status).toContainText('200');
  await inspector.filter.fill('//*[local-name()="item"]');
  await inspector.filter.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /2 results for/ })).toBeVisible();
  await expect(inspector.visibleLines().first()).toContainText('<item');
  await inspector.openTab('Timing');
  await expect(page.getByRole('table', { name: 'Timing phases' })).toContainText('Content download');
  await expect(page.getByRole('img', { name: /Timing of the exchange/ })).toBeVisible();
  await inspector.screenshot('timing');

  await inspector.get('/sandbox/redirect/2');
  await expect(inspector.status).toContainText('302');
  await inspector.openTab('Compare');
  await expect(inspector.pane).toContainText('Send the same request again');
  await inspector.get('/sandbox/redirect/2');
  await expect(inspector.pane.getByTestId('compare')).toContainText('302 Found → 302 Found (unchanged)');
  await expect(inspector.pane.getByTestId('compare')).toContainText('The bodies are identical');
  await inspector.get('/sandbox/json/1');
  await inspector.openTab('Body');
  await inspector.waitForFormatted();
  await inspector.filter.fill('$.items[?@.id == 3].sku');
  await inspector.filter.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /1 match for/ })).toBeVisible();
  await expect(inspector.body).toContainText('"SKU-00000003"');
  await inspector.screenshot('jsonpath-filter');
});

test('compare shows what changed in the answer after a header was added to the same request', async ({ inspector, workbench }) => {
  await inspector.get('/sandbox/anything');
  await expect(inspector.metrics).toBeVisible();
  await workbench.setHeader(1, 'X-Trace', 'one');
  await workbench.send.click();
  await expect(inspector.metrics).toBeVisible();
  await inspector.openTab('Compare');
  const compare = inspector.pane.getByTestId('compare');
  await expect(compare).toContainText('200 OK → 200 OK (unchanged)');
  await expect(compare.getByRole('table', { name: 'Body differences' })).toContainText('"X-Trace": "one"');
  await expect(compare.getByRole('table', { name: 'Body differences' }).getByRole('row').filter({ hasText: '"X-Trace": "one"' }).first()).toContainText('+');
  await inspector.screenshot('compare');
});

test('a PDF response is drawn by pdf.js, not handed to a frame: its pages show and its JavaScript action runs nowhere', async ({ inspector, page }) => {
  const pdf = await servePdf(samplePdf('Quarterly report'));
  try {
    const title = await page.title();
    await inspector.get(pdf.url);
    await expect(inspector.status).toContainText('200');
    await inspector.showView('Preview');
    await expect(inspector.pdfPages()).toHaveCount(1);
    await expect(inspector.body).toContainText('nothing in the file runs');
    await expect(page.locator('iframe[title="PDF preview of the response"]')).toHaveCount(0);
    expect(await page.title()).toBe(title);
    await inspector.screenshot('pdf-preview');
  } finally {
    await pdf.stop();
  }
});
