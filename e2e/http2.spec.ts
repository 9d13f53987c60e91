import { expect, test } from './fixtures';
import { ProtocolPage } from './pages/ProtocolPage';

test('HTTP/2 to the HTTPS sandbox through the UI: the protocol shown, no reason phrase, pseudo-headers explained both ways, a connection header dropped with a note; Force HTTP/1.1 goes back', async ({ composer, inspector, page }) => {
  const protocol = new ProtocolPage(page);
  const origin = new URL(composer.origin());
  const authority = `127.0.0.1:${Number(origin.port) + 1}`;
  await composer.compose('GET', `https://${authority}/sandbox/http2/info`);
  await composer.addHeader('Connection', 'keep-alive');
  await composer.section('Options');
  await protocol.skipTlsVerification();
  await composer.sendAndWait();

  await expect(inspector.status).toContainText('200');
  await expect(inspector.status).not.toContainText('OK');
  await expect(inspector.metrics.getByTitle('Protocol')).toHaveText('HTTP/2');
  await inspector.explain();
  await expect(page.getByTestId('no-reason-note')).toContainText('sends the status code alone, with no reason phrase');
  await expect(inspector.pane).toContainText('"protocol": "HTTP/2"');

  await inspector.openTab('Headers');
  await expect(protocol.row(protocol.responseHeaders, ':status')).toContainText('The status code, 200. HTTP/2 sends it alone');
  const statusExplained = await protocol.explain(protocol.responseHeaders, ':status');
  await expect(statusExplained).toContainText('RFC 9113 §8.3.2');

  await protocol.showSentPseudoHeaders();
  for (const [name, value] of [[':method', 'GET'], [':scheme', 'https'], [':authority', authority], [':path', '/sandbox/http2/info']]) {
    await expect(protocol.row(protocol.sentPseudoHeaders, name!)).toContainText(value!);
  }
  await expect(protocol.row(protocol.sentPseudoHeaders, ':authority')).toContainText('It replaces the Host header');
  const pathExplained = await protocol.explain(protocol.sentPseudoHeaders, ':path');
  await expect(pathExplained).toContainText('RFC 9113 §8.3.1');
  await expect(protocol.sentNotes).toContainText('Connection: keep-alive was not sent: HTTP/2 forbids connection-specific fields (RFC 9113 §8.2.2)');

  await composer.section('Options');
  await protocol.chooseHttpVersion('Force HTTP/1.1');
  await composer.sendAndWait();
  await expect(inspector.metrics.getByTitle('Protocol')).toHaveText('HTTP/1.1');
  await expect(inspector.status).toContainText('200 OK');
  await expect(protocol.sentPseudoHeaders).toHaveCount(0);
});
