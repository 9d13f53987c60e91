/**
 * Test fixtures for explanations: a request and a response written in one line each, in
 * the order they go on the wire. Used only by the `*.test.ts` files beside it.
 */
import type { BodyChunk, HeaderField, WireRequest, WireResponse } from '../types';

/** Header lines as `'Name: value'` strings, the way they appear on the wire. */
function headerLines(lines: readonly string[]): HeaderField[] {
  return lines.map((line) => {
    const colon = line.indexOf(':');
    if (colon < 0) throw new RangeError(`Fixture header "${line}" has no colon`);
    return { name: line.slice(0, colon), value: line.slice(colon + 1).trim() };
  });
}

/** `wireRequest('POST https://x/y', ['Content-Type: application/json'], '{}')`. */
export function wireRequest(line: string, headers: readonly string[] = [], ...body: BodyChunk[]): WireRequest {
  const space = line.indexOf(' ');
  if (space < 0) throw new RangeError(`Fixture request line "${line}" needs "METHOD URL"`);
  const request: WireRequest = { method: line.slice(0, space), url: line.slice(space + 1), headers: headerLines(headers) };
  if (body.length > 0) request.body = body;
  return request;
}

/** `wireResponse(401, ['WWW-Authenticate: Basic realm="x"'])`. */
export function wireResponse(status: number, headers: readonly string[] = [], bodyText?: string): WireResponse {
  const response: WireResponse = { status, reason: '', headers: headerLines(headers) };
  if (bodyText !== undefined) response.bodyText = bodyText;
  return response;
}
