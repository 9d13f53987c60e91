import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DigestAuthForm } from './pages/DigestAuthForm';

// The relay remembers a protection space's last challenge for the whole server (the next
// request answers at once), and both tests use the sandbox's one space as Mufasa: run side by
// side, the wrong password's challenge was taken up by the first test's send (one request, not
// two). In order, one worker: the refused answer makes the relay forget the space.
test.describe.configure({ mode: 'serial' });

test('Digest from the 401 in one click: the relay answers the challenge, two requests, then 200', async ({ inspector, page }) => {
  const form = new DigestAuthForm(page);
  await inspector.get('/sandbox/api/digest/sha-256');
  await expect(inspector.status).toContainText('401');
  await inspector.explain();
  const challenge = inspector.finding('The server asks for Digest');
  await expect(challenge).toContainText('realm "wirebench-sandbox@127.0.0.1"');
  await challenge.getByRole('button', { name: /^Set up Digest auth/ }).click();

  await expect(form.authTab).toHaveAttribute('aria-selected', 'true');
  await expect(form.scheme).toHaveValue('digest');
  await expect(form.realm).toHaveValue('wirebench-sandbox@127.0.0.1');
  await form.signIn('Mufasa', 'Circle of Life');
  await inspector.send();

  await expect(inspector.status).toContainText('200');
  await expect(inspector.statusCard.getByTestId('digest-marker')).toHaveText('Digest: 2 requests');
  await expect(inspector.statusCard.getByTestId('auth-note')).toContainText('accepted the Digest answer');
  await inspector.openTab('Timing');
  // A challenge round, not a redirect (issue 27.4): the list, its heading and the waterfall say so.
  const chain = page.getByRole('list', { name: 'Requests of the exchange' });
  await expect(chain.getByRole('listitem')).toHaveCount(2);
  await expect(chain.getByRole('listitem').first()).toContainText('Digest challenge answered: realm "wirebench-sandbox@127.0.0.1", SHA-256, qop=auth, nc=00000001');
  await expect(page.getByRole('heading', { name: 'Requests of the exchange (2)' })).toBeVisible();
  const waterfall = page.getByRole('img', { name: /^Timing of the exchange/ });
  await expect(waterfall).toHaveAccessibleName(/over 2 requests \(1 Digest challenge answered\)/);
  await expect(waterfall).not.toHaveAccessibleName(/redirect/);
  await expect(inspector.metrics).not.toContainText('redirect');
});

test('a wrong Digest password tells one story: the Digest answer was sent and refused, nothing to set up, no redirect (issue 27.4)', async ({ inspector, composer, page }) => {
  const form = new DigestAuthForm(page);
  await composer.compose('GET', new URL('/sandbox/api/digest/sha-256?qop=auth', page.url()).href);
  await composer.chooseAuth('Digest');
  await form.signIn('Mufasa', 'not the password');
  await composer.sendAndWait();

  await expect(inspector.status).toContainText('401');
  await expect(inspector.statusCard.getByTestId('auth-note')).toContainText('refused the Digest answer');
  await inspector.explain();
  // The explanation reads the request as the relay sent it: Authorization carried the Digest answer.
  const rejected = inspector.finding('Digest credentials rejected');
  await expect(rejected).toContainText('sent Authorization with the Digest scheme');
  await expect(rejected).toContainText('user name or password is wrong');
  await expect(inspector.statusCard).not.toContainText('No Authorization sent');
  // Digest is set up: nothing offers to set it up again; the fix is to check its credentials.
  await expect(inspector.statusCard.getByRole('button', { name: /^Set up Digest auth/ })).toHaveCount(0);
  await rejected.getByRole('button', { name: 'Check the Digest credentials' }).click();
  await expect(form.authTab).toHaveAttribute('aria-selected', 'true');
  await expect(form.scheme).toHaveValue('digest');
  await expect(form.username).toHaveValue('Mufasa');

  await inspector.openTab('Timing');
  await expect(page.getByRole('img', { name: /^Timing of the exchange/ })).not.toHaveAccessibleName(/redirect/);
  await expect(inspector.metrics).not.toContainText('redirect');
});
