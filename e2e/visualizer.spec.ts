import { expect, test } from './fixtures';
import { ChecksPage } from './pages/ChecksPage';
import { VisualizerPage } from './pages/VisualizerPage';

/**
 * Issue 28 item D in the app: pm.visualizer output in the inspector's Visualize tab, in a frame
 * sandboxed without scripts, origin or network; and pm.cookies.jar() over the workspace's jar,
 * as in wirebench run (a cookie a pre-request script sets is sent by that very request).
 */
test('visualizer: a template with the response data in a sandboxed frame; the jar a script sets a cookie in is sent', async ({ composer, page }) => {
  const checks = new ChecksPage(page);
  const visualizer = new VisualizerPage(page);
  const origin = composer.origin();
  const beacons: string[] = [];
  // A beacon that left the browser: it got an answer, or failed for any reason but the frame's
  // policy (the headless build reports a request the policy refused, as failed with "csp").
  page.on('requestfinished', (request) => {
    if (request.url().includes('visualizer-beacon')) beacons.push(request.url());
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('visualizer-beacon') && request.failure()?.errorText !== 'csp') beacons.push(`${request.url()} (${request.failure()?.errorText})`);
  });

  await composer.compose('GET', `${origin}/sandbox/anything?fruit=apple&fruit=pear`);
  await checks.setScript('Pre-request', "pm.cookies.jar().set(pm.request.url.toString(), 'wbflavour', 'oat', function (err) { if (err) console.log('jar error', err.message); });");
  await checks.setScript(
    'Post-response',
    [
      'const body = pm.response.json();',
      "pm.test('the cookie the pre-request script set was sent', () => pm.expect(body.headers.cookie || body.headers.Cookie).to.include('wbflavour=oat'));",
      "pm.cookies.jar().get(pm.request.url.toString(), 'wbflavour', (err, value) => pm.test('the jar holds it', () => pm.expect(value).to.eql('oat')));",
      "const beacon = pm.request.url.toString().split('/sandbox/')[0] + '/sandbox/visualizer-beacon';",
      "const template = '<h1 id=\"title\">{{title}}</h1><ul>{{#each fruits}}<li class=\"fruit\">{{@index}}: {{this}}</li>{{/each}}</ul><p id=\"escaped\">{{markup}}</p>'",
      "  + '<script>document.getElementById(\"title\").textContent = \"scripts ran\";</script><img alt=\"beacon\" src=\"' + beacon + '\">';",
      "pm.visualizer.set(template, { title: 'Fruit report', fruits: body.args.fruit, markup: '<b>not bold</b>' });",
    ].join('\n'),
  );
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
  await expect(checks.resultsTab).toContainText('2/2 passed');

  await visualizer.open();
  await expect(visualizer.frameElement).toHaveAttribute('sandbox', '');
  await expect(visualizer.frame.locator('#title')).toHaveText('Fruit report');
  await expect(visualizer.frame.locator('li.fruit')).toHaveText(['0: apple', '1: pear']);
  // {{…}} is escaped: the markup is text, not an element.
  await expect(visualizer.frame.locator('#escaped')).toHaveText('<b>not bold</b>');
  await expect(visualizer.frame.locator('#escaped b')).toHaveCount(0);
  // Nothing left the frame: the image's request was never made.
  expect(beacons).toEqual([]);

  // The tab is keyboard reachable and goes away when a send sets no template.
  await visualizer.tab.focus();
  await expect(visualizer.tab).toBeFocused();
  await checks.setScript('Post-response', "pm.test('plain', () => pm.response.to.have.status(200));");
  await composer.sendAndWait();
  await expect(visualizer.tab).toHaveCount(0);
});
