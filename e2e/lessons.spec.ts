import { expect, test } from './fixtures';

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
