import { describe, it, expect } from 'vitest';
import { explainResponse } from './explain';
import { wireRequest, wireResponse } from './exchangeFixtures';
import type { Finding } from './finding';

const byId = (findings: Finding[], id: string) => {
  const found = findings.find((f) => f.id === id);
  if (!found) throw new Error(`No finding "${id}" in ${findings.map((f) => f.id).join(', ')}`);
  return found;
};
const XML = '<?xml version="1.0" encoding="utf-8"?><order><id>7</id></order>';

describe('415 Unsupported Media Type', () => {
  it('names the Content-Type sent, the size, and what the server accepts', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/orders', ['Content-Type: application/xml'], XML),
      wireResponse(415, ['Accept-Post: application/json, application/merge-patch+json']),
    );
    const finding = byId(f, 'media-type-unsupported');
    expect(finding.title).toBe('application/xml not accepted');
    expect(finding.message).toContain(`You sent ${XML.length} bytes of application/xml (Content-Type: application/xml)`);
    expect(finding.message).toContain('not the syntax (that would be 400) or the meaning of the content (422)');
    expect(finding.message).toContain('accepts: application/json, application/merge-patch+json (Accept-Post)');
  });

  it('says a body without Content-Type needs one', () => {
    const f = explainResponse(wireRequest('PUT https://api.test/x', [], 'name=a'), wireResponse(415));
    const message = byId(f, 'media-type-unsupported').message;
    expect(message).toContain('You sent 6 bytes with no Content-Type (no Content-Type header)');
    expect(message).toContain('add one');
    expect(message).toContain('does not list accepted types');
  });

  it('mentions the content coding when the body was compressed', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/x', ['Content-Type: application/json', 'Content-Encoding: br'], '{}'),
      wireResponse(415, ['Accept-Encoding: gzip']),
    );
    expect(byId(f, 'media-type-unsupported').message).toContain('Content-Encoding: br); the server accepts the codings "gzip"');
  });
});

describe('400 Bad Request', () => {
  it('points at the JSON syntax error in the body, by line and column', () => {
    const body = '{\n  "name": "widget",\n  "price": 12,\n}';
    const f = explainResponse(wireRequest('POST https://api.test/items', ['Content-Type: application/json'], body), wireResponse(400));
    const finding = byId(f, 'bad-request-syntax');
    expect(finding.title).toBe('Request body is not valid JSON');
    expect(finding.message).toContain(`You sent ${body.length} bytes of application/json`);
    expect(finding.message).toContain('Trailing comma before "}" is not allowed in JSON at line 3, column 14 (offset 35)');
  });

  it('points at unparsable XML', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/soap', ['Content-Type: text/xml; charset=utf-8'], '<Envelope><Body></Envelope>'),
      wireResponse(400),
    );
    expect(byId(f, 'bad-request-syntax').message).toMatch(/does not parse as XML: .*closing tag.*at line 1, column \d+/);
  });

  it('for valid JSON, says the problem is likely a value such as a date', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/events', ['Content-Type: application/json'], '{"when":"31/02/2024"}'),
      wireResponse(400),
    );
    expect(byId(f, 'bad-request-value').message).toMatch(/parses as JSON, so the syntax is fine.*badly formatted date/);
  });

  it('without a body, points at the URL and headers', () => {
    const f = explainResponse(wireRequest('GET https://api.test/items?since=yesterday'), wireResponse(400));
    expect(byId(f, 'bad-request-no-body').message).toMatch(/URL .*query parameters/);
  });

  it('for a body it cannot check, names what was sent', () => {
    const f = explainResponse(wireRequest('POST https://api.test/x', ['Content-Type: text/csv'], 'a,b\n1,2\n'), wireResponse(400));
    expect(byId(f, 'bad-request-body').message).toContain('You sent 8 bytes of text/csv (Content-Type: text/csv)');
  });
});

describe('422 Unprocessable Content', () => {
  it('says the format and syntax were fine and the values are refused', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/orders', ['Content-Type: application/json'], '{"quantity":-3}'),
      wireResponse(422),
    );
    expect(byId(f, 'unprocessable-content').message).toMatch(/15 bytes of application\/json, which parses as JSON\. .*semantic errors.*differs from 400/);
  });

  it('flags a 422 for a body whose syntax is broken: 400 would be expected', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/orders', ['Content-Type: application/json'], '{"quantity":}'),
      wireResponse(422),
    );
    expect(byId(f, 'unprocessable-but-malformed').message).toMatch(/for broken syntax a 400 would be expected/);
  });
});

describe('problem details (RFC 9457)', () => {
  it('relays the server\u2019s title and detail', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/orders', ['Content-Type: application/json'], '{"quantity":-3}'),
      wireResponse(422, ['Content-Type: application/problem+json'], JSON.stringify({ type: 'https://api.test/probs/quantity', title: 'Invalid quantity', detail: 'quantity must be at least 1' })),
    );
    expect(byId(f, 'problem-details')).toMatchObject({
      title: 'The server explains: Invalid quantity',
      message: 'quantity must be at least 1 Problem type: https://api.test/probs/quantity.',
    });
  });

  it('flags problem+json that is not JSON', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(500, ['Content-Type: application/problem+json'], '<html>'));
    expect(f.map((x) => x.id)).toContain('problem-details-malformed');
  });
});
