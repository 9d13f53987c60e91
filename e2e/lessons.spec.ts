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
