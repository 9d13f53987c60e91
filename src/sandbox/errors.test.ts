import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { parseRetryAfter } from '../core';
import { setSandboxClock } from './clock';
import { RATE_LIMIT } from './errors';
import { resetSandbox } from './reset';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';
import { UPLOAD_LIMIT, UPLOAD_QUOTA } from './uploads';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
beforeEach(() => {
  setSandboxClock();
  resetSandbox();
});

const validate = (body: string, type: string) => sb.call('/sandbox/errors/validate', { method: 'POST', headers: { 'Content-Type': type }, body });

describe('400, 415 and 422 told apart (spec §7)', () => {
  it('answers JSON syntax errors with 400 and the line and column', async () => {
    const answer = await validate('{\n  "item": "gear",\n  "quantity": 2,,\n}', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.json).toMatchObject({ type: 'urn:wirebench:sandbox:problem:malformed-json', status: 400, title: 'Malformed JSON', line: 3, column: 17 });
  });

  it('answers unparsable XML with 400 and the line and column, and refuses DTDs', async () => {
    const answer = await validate('<order>\n  <item>gear</item>\n</ordr>', 'application/xml');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ title: 'Malformed XML', line: 3 });
    const dtd = await validate('<?xml version="1.0"?>\n<!DOCTYPE order [<!ENTITY a "aaaa">]>\n<order/>', 'text/xml');
    expect(dtd.status).toBe(400);
    expect(dtd.json).toMatchObject({ line: 2, column: 1 });
  });

  it('answers a badly formatted date with 400, well-formed nonsense with 422', async () => {
    const date = await validate(JSON.stringify({ item: 'gear', quantity: 1, unitPrice: 1, placedAt: '2024-13-01T00:00:00Z' }), 'application/json');
    expect(date.status).toBe(400);
    expect(date.json.detail).toMatch(/Month 13/);
    const negative = await validate(JSON.stringify({ item: 'gear', quantity: -2, unitPrice: 1 }), 'application/json');
    expect(negative.status).toBe(422);
    expect(negative.json.errors).toEqual([expect.objectContaining({ field: 'quantity' })]);
    const xml = await validate('<?xml version="1.0" encoding="utf-8"?><order><item>gear</item><quantity>-2</quantity><unitPrice>1.5</unitPrice></order>', 'application/xml');
    expect(xml.status).toBe(422);
    expect((await validate('<invoice/>', 'application/xml')).status).toBe(422);
  });

  it('accepts a good order in either syntax', async () => {
    expect((await validate('<order><item>gear</item><quantity>2</quantity><unitPrice>1.50</unitPrice></order>', 'text/xml')).json).toMatchObject({ valid: true, syntax: 'xml' });
    expect((await validate('{"item":"gear","quantity":2,"unitPrice":1.5}', 'application/vnd.orders+json')).json.valid).toBe(true);
  });

  it('answers another media type with 415 and Accept-Post', async () => {
    const answer = await validate('item=gear', 'application/x-www-form-urlencoded');
    expect(answer.status).toBe(415);
    expect(answer.headers['accept-post']).toBe('application/json, application/xml, text/xml');
    expect((await sb.call('/sandbox/errors/validate', { method: 'POST', body: '{}' })).json.detail).toMatch(/no Content-Type/);
  });
});

describe('500: a handled server fault', () => {
  it('answers a problem with a correlation id that matches the header and leaks no stack', async () => {
    const answer = await sb.call('/sandbox/errors/500');
    expect(answer.status).toBe(500);
    // The title is the status phrase, so the type is about:blank (RFC 9457 §4.2.1).
    expect(answer.json).toMatchObject({ type: 'about:blank', title: 'Internal Server Error' });
    expect(answer.json.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['x-correlation-id']).toBe(answer.json.correlationId);
    expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
    expect((await sb.call('/sandbox/errors/500')).json.correlationId).not.toBe(answer.json.correlationId);
  });
});

describe('429: the rate limiter', () => {
  it(`allows ${RATE_LIMIT.requests} requests per window, then 429 with Retry-After, and opens again after it`, async () => {
    let now = Date.UTC(2030, 0, 1);
    setSandboxClock(() => now);
    for (let i = RATE_LIMIT.requests - 1; i >= 0; i--) {
      const ok = await sb.call('/sandbox/errors/429');
      expect(ok.status).toBe(200);
      expect(ok.json.remaining).toBe(i);
    }
    now += 4000;
    const limited = await sb.call('/sandbox/errors/429');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('6');
    const retry = parseRetryAfter(String(limited.headers['retry-after']), new Date(now));
    expect(retry.ok).toBe(true);
    expect(limited.headers['ratelimit']).toBe(`limit=${RATE_LIMIT.requests}, remaining=0, reset=6`);
    now += 6000;
    expect((await sb.call('/sandbox/errors/429')).status).toBe(200);
  });
});

describe('413 and 507: the upload store', () => {
  const upload = (size: number) => sb.call('/sandbox/api/uploads', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: Buffer.alloc(size, 7) });

  it('refuses one body over the limit with 413 without storing it', async () => {
    const answer = await upload(UPLOAD_LIMIT + 1);
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ limit: UPLOAD_LIMIT, size: UPLOAD_LIMIT + 1 });
    expect((await sb.call('/sandbox/api/uploads')).json.used).toBe(0);
  });

  it('refuses a chunked body as soon as it grows past the limit', async () => {
    const url = new URL('/sandbox/api/uploads', sb.origin);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'Transfer-Encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(Buffer.alloc(UPLOAD_LIMIT));
      req.end(Buffer.alloc(10));
    });
    expect(status).toBe(413);
  });

  it('stores uploads until the quota is used, then answers 507; deleting frees space', async () => {
    const size = 60 * 1024;
    const stored: string[] = [];
    for (let used = 0; used + size <= UPLOAD_QUOTA; used += size) {
      const answer = await upload(size);
      expect(answer.status).toBe(201);
      stored.push(answer.json.id);
    }
    const full = await upload(size);
    expect(full.status).toBe(507);
    expect(full.json).toMatchObject({ quota: UPLOAD_QUOTA, needed: size });
    const one = await sb.call(`/sandbox/api/uploads/${stored[0]}`);
    expect(one.body.length).toBe(size);
    expect((await sb.call(`/sandbox/api/uploads/${stored[0]}`, { method: 'DELETE' })).status).toBe(204);
    expect((await upload(size)).status).toBe(201);
  });
});
