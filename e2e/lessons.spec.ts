import { expect, test } from './fixtures';
import { ChecksPage } from './pages/ChecksPage';

test('a lesson opens in a new tab and its request answers as the lesson says', async ({ workbench, lessons }) => {
  await lessons.open('Basic with a colon in the password');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText('"principal": "aladdin"');
});

test('the token lesson captures the refresh token for the next lesson', async ({ workbench, lessons }) => {
  await lessons.open('The user grants a client access');
  await workbench.send.click();
  await expect(workbench.status).toContainText(/20\d/);
  await lessons.open('Exchange the refresh token (JSON body)');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText('access_token');
});

test('the authorization code lessons carry the login form field and the redirect code to the next lessons', async ({ workbench, lessons }) => {
  const steps: [string, string][] = [
    ['Authorization code: the authorization request', '200'],
    ['The person signs in', '200'],
    ['Consent, and the redirect with a code', '303'],
    ['PKCE: a stolen code without the verifier', '400'],
  ];
  for (const [title, status] of steps) {
    await lessons.open(title);
    await workbench.send.click();
    await expect(workbench.status).toContainText(status);
  }
  // Only the code captured from the Location header reaches the verifier check.
  await expect(workbench.responseBody).toContainText('code_verifier does not match');
});

test('the check lessons capture the access token, reuse it, and show their checks in the inspector', async ({ workbench, lessons, page }) => {
  const checks = new ChecksPage(page);
  await lessons.open('Capture the access token from the answer');
  await expect(lessons.checksNote).toContainText('1 capture and 4 assertions run after each send');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(checks.resultsTab).toContainText('4/4 passed');
  await checks.openResults();
  const capture = checks.line('Captures', 'checks_access_token');
  await expect(capture).toContainText('$.access_token =');
  // The token is a secret: only its length is shown.
  await expect(capture).toContainText('•••• (secret,');
  await expect(capture).not.toContainText('eyJ');
  for (const label of ['status == 200', '$.token_type == Bearer', '$.expires_in > 0', 'conforms to the conventions']) {
    await expect(checks.line('Assertions', label)).toContainText('passed');
  }

  // The next lesson sends the captured run variable as its Bearer token.
  await lessons.open('Reuse the captured token');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(checks.resultsTab).toContainText('3/3 passed');
  await checks.openResults();
  for (const label of ['status == 200', '$.authenticated == true', '$.client_id == wb-post']) {
    await expect(checks.line('Assertions', label)).toContainText('passed');
  }

  // The 401 lesson: its challenge is asserted, and conforms passes.
  await lessons.open('Assert that a 401 carries a challenge');
  await workbench.send.click();
  await expect(workbench.status).toContainText('401');
  await expect(checks.resultsTab).toContainText('4/4 passed');
  await checks.openResults();
  await expect(checks.line('Assertions', 'header WWW-Authenticate exists')).toContainText('passed');

  // The failing one fails on purpose, and says why.
  await lessons.open('A conforms check that fails, and why');
  await expect(lessons.checksNote).toContainText('(1 fails on purpose)');
  await workbench.send.click();
  await expect(workbench.status).toContainText('401');
  await expect(checks.resultsTab).toContainText('1/2 passed');
  await checks.openResults();
  const conforms = checks.line('Assertions', 'conforms to the conventions');
  await expect(conforms).toContainText('failed');
  await expect(conforms).toContainText('Sent Bearer, server asks for JWT');
});
