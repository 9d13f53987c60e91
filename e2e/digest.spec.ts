import { expect } from '@playwright/test';
import { test } from './fixtures';
import { DigestAuthForm } from './pages/DigestAuthForm';

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
  const chain = page.getByRole('list', { name: 'Requests of the redirect chain' });
  await expect(chain.getByRole('listitem')).toHaveCount(2);
  await expect(chain.getByRole('listitem').first()).toContainText('Digest challenge answered: realm "wirebench-sandbox@127.0.0.1", SHA-256, qop=auth, nc=00000001');
});
