import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The gRPC tab's controls, found by their labels. */
function grpc(page: Page) {
  const composer = page.getByRole('region', { name: 'Request' });
  return {
    async open() {
      await page.getByRole('radiogroup', { name: 'Request type' }).getByText('gRPC', { exact: true }).click();
      await composer.getByRole('button', { name: 'Use the sandbox gRPC server' }).click();
      await composer.getByRole('button', { name: 'Load services' }).click();
      await expect(composer.getByRole('status').filter({ hasText: 'service' })).toContainText('1 service from server reflection');
    },
    method: (name: string) => composer.getByLabel('Method').selectOption({ label: name }),
    message: (text: string) => composer.getByLabel(/Request message \(JSON\)/).fill(text),
    deadline: (ms: string) => composer.getByLabel('Deadline (ms)').fill(ms),
    invoke: () => composer.getByRole('button', { name: 'Invoke' }).click(),
    status: page.getByRole('status', { name: 'gRPC status' }),
    messages: page.getByRole('region', { name: 'Response messages' }),
    trailers: page.getByRole('region', { name: 'Trailers' }),
    composer,
  };
}

test('gRPC through the UI: services by reflection from the sandbox, a unary call with its status explained, a server stream, a deadline exceeded', async ({ composer, page }) => {
  void composer;
  const g = grpc(page);
  await g.open();
  await expect(g.composer.getByLabel('Service')).toHaveValue('sandbox.Greeter');
  // The message editor starts from a sample of the request type, checked as typed.
  await expect(g.composer.getByLabel(/Request message \(JSON\)/)).toHaveValue(/"name": "World"/);
  await expect(g.composer.getByText('The message matches its type.')).toBeVisible();
  await g.message('{ "nmae": "x" }');
  await expect(g.composer.getByText(/has no field "nmae"/)).toBeVisible();
  await g.message('{ "name": "Playwright" }');

  await g.invoke();
  await expect(g.status).toContainText('0 OK');
  await expect(g.status).toContainText('The call succeeded.');
  await expect(g.messages).toContainText('"message": "Hello, Playwright!"');
  await expect(g.trailers).toContainText('x-handled-by');

  await g.method('CountTo — Server streaming');
  await g.message('{ "to": 3 }');
  await g.invoke();
  await expect(g.status).toContainText('0 OK');
  await expect(g.status).toContainText('3 messages received');
  await expect(g.messages.locator('li')).toHaveCount(3);
  await expect(g.messages).toContainText('"n": 3');

  await g.method('Slow — Unary');
  await g.message('{ "delay_ms": 20000 }');
  await g.deadline('300');
  await g.invoke();
  await expect(g.status).toContainText('4 DEADLINE_EXCEEDED');
  await expect(g.status).toContainText('The deadline passed before the call finished');
  await expect(g.status).toContainText('did not finish within the 300 ms deadline');
});

test('gRPC through the UI: a .proto that does not compile says file, line and column, and keeps the text', async ({ composer, page }) => {
  void composer;
  const g = grpc(page);
  await page.getByRole('radiogroup', { name: 'Request type' }).getByText('gRPC', { exact: true }).click();
  await g.composer.getByText('.proto files', { exact: true }).click();
  await g.composer.getByLabel('File name').fill('broken.proto');
  await g.composer.getByLabel('Paste a .proto').fill('syntax = "proto3";\nmessage A {\n  strin g a = 1;\n}\n');
  await g.composer.getByRole('button', { name: 'Add pasted file' }).click();
  await g.composer.getByRole('button', { name: 'Load services' }).click();
  await expect(g.composer.getByRole('alert')).toContainText(/broken\.proto, line 3, column \d+/);
  await expect(g.composer.getByRole('list', { name: '.proto files' })).toContainText('broken.proto');
});
