import { expect } from '@playwright/test';
import { test } from './fixtures';
import { InspectorPage } from './pages/InspectorPage';
import { SigV4AuthForm } from './pages/SigV4AuthForm';
import { StorageScan } from './pages/StorageScan';
import { WorkspacePage } from './pages/WorkspacePage';

const DEMO = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'execute-api' };

test('AWS Signature V4 through the UI: signed at send time, 200; a wrong secret is 403 SignatureDoesNotMatch with the server\u2019s canonical request equal to ours', async ({ composer, page }) => {
  const inspector = new InspectorPage(page);
  const form = new SigV4AuthForm(page);
  await composer.url.fill(new URL('/sandbox/api/sigv4?prefix=photos/2024&list-type=2', page.url()).href);
  await composer.chooseAuth('AWS Signature V4');
  await form.fill(DEMO);

  // What will be sent: signed now, the query sorted and encoded in the canonical request.
  await expect(composer.wirePreview).toContainText('Authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/');
  await expect(composer.wirePreview).toContainText('SignedHeaders=host;x-amz-date, Signature=');
  await expect(await form.step('preview', 'Canonical request')).toContainText('list-type=2&prefix=photos%2F2024');

  await inspector.send();
  await expect(inspector.status).toContainText('200');
  await expect(inspector.body).toContainText('"principal": "AKIDEXAMPLE"');
  await inspector.openTab('Headers');
  await expect(page.getByTestId('sent-request')).toContainText('X-Amz-Date: ');
  await expect(await form.step('sent', 'String to sign')).toContainText('/us-east-1/execute-api/aws4_request');

  // The wrong secret: same canonical request, different signature; the server shows what it computed.
  await composer.section('Auth');
  await form.secretAccessKey.fill('not-the-secret-key');
  await inspector.send();
  await expect(inspector.status).toContainText('403');
  // One story (issue 27.4): a signature that does not match is authentication failing, as the body says — not a permission.
  await expect(inspector.sentence).toContainText('could not authenticate the request');
  await inspector.explain();
  const failed = inspector.finding('Not authenticated: SignatureDoesNotMatch');
  await expect(failed).toContainText('Check the secret access key');
  await expect(inspector.statusCard).not.toContainText('Authenticated, but refused');
  await expect(inspector.statusCard).not.toContainText('needed permission');
  await expect(failed.getByRole('button', { name: 'Check the AWS Signature V4 credentials' })).toBeVisible();
  await inspector.openTab('Body');
  await expect(inspector.body).toContainText('SignatureDoesNotMatch');
  await inspector.openTab('Headers');
  const ours = await (await form.step('sent', 'Canonical request')).textContent();
  expect(ours).toContain('\nhost:127.0.0.1:');
  await inspector.openTab('Body');
  await inspector.showView('Raw');
  await expect(inspector.body).toContainText(`"CanonicalRequest": ${JSON.stringify(ours)}`);
});

test('A presigned URL (SigV4 in the query) through the UI: 200 from the sandbox, the copied URL works alone, and history and its HAR export keep the signature masked', async ({ composer, page }) => {
  const inspector = new InspectorPage(page);
  const form = new SigV4AuthForm(page);
  const workspace = new WorkspacePage(page);
  const scan = new StorageScan(page);
  await composer.url.fill(new URL('/sandbox/api/sigv4?report=2024', page.url()).href);
  await composer.chooseAuth('AWS Signature V4');
  await form.fill(DEMO);
  // AWS's limit is a week: one second more is refused under the field, before anything is sent.
  await form.presign('604801');
  await expect(form.expiresError).toContainText('from 1 to 604800');
  await form.expires.fill('600');
  await expect(form.expiresError).toHaveCount(0);

  // What will be sent: the signature in the query, no Authorization header.
  await expect(composer.wirePreview).toContainText('report=2024&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F');
  await expect(composer.wirePreview).toContainText('X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=');
  await expect(composer.wirePreview).not.toContainText('Authorization:');
  await expect(await form.step('preview', 'Canonical request')).toContainText('X-Amz-Expires=600&X-Amz-SignedHeaders=host&report=2024');

  // The copied URL is signed at the click and grants access by itself, to any client.
  const copied = await form.copyPresignedUrl();
  expect(copied).toMatch(/X-Amz-Signature=[0-9a-f]{64}$/);
  const alone = await page.request.get(copied);
  expect(alone.status()).toBe(200);
  expect(await alone.json()).toMatchObject({ signatureIn: 'query', principal: 'AKIDEXAMPLE' });

  await inspector.send();
  await expect(inspector.status).toContainText('200');
  await expect(inspector.body).toContainText('"signatureIn": "query"');
  await inspector.openTab('Headers');
  const signature = await form.sentSignature();

  await workspace.showHistory();
  await workspace.historyOption('/sandbox/api/sigv4').click();
  await expect.poll(async () => (await scan.browserText()).includes('X-Amz-Signature={{')).toBe(true);
  const stored = await scan.browserText();
  expect(stored).toContain('X-Amz-Expires=600');
  expect(stored, 'the signature is in IndexedDB or localStorage').not.toContain(signature);
  const har = await workspace.exportHistoryHar();
  expect(har).toContain('X-Amz-Expires');
  expect(har, 'the signature is in the HAR export').not.toContain(signature);
});
