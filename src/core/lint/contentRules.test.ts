import { describe, it, expect } from 'vitest';
import { wireRequest } from '../http/exchangeFixtures';
import type { FileRef, WireRequest } from '../types';
import { bodyMatchesContentTypeRule, contentLengthRule, contentTypeMissingRule, contentTypeSyntaxRule, guessContentType } from './contentRules';
import { applyLintFix } from './lintFix';
import type { LintRule } from './lintFinding';
import { multipartBoundaryRule } from './multipartRule';
import { soap11Envelope } from './lintFixtures';

const run = (rule: LintRule, request: WireRequest) => rule.check(request, {});
const post = (headers: string[], ...body: WireRequest['body'] & unknown[]) => wireRequest('POST https://api.example.com/x', headers, ...body);
const photo: FileRef = { kind: 'file', id: 'f1', name: 'cat.png', size: 2048, type: 'image/png' };

describe('guessContentType', () => {
  it.each([
    ['{"a":1}', 'application/json'],
    ['[1,', 'application/json'],
    ['a=1&b=two', 'application/x-www-form-urlencoded'],
    ['<note><to>Ann</to></note>', 'application/xml'],
    [soap11Envelope(), 'text/xml; charset=utf-8'],
    ['--b1\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b1--\r\n', 'multipart/form-data; boundary=b1'],
    ['hello there', 'text/plain; charset=utf-8'],
    ['\u0000\u0001binary', 'application/octet-stream'],
  ])('%j → %s', (body, type) => {
    expect(guessContentType(post([], body))).toBe(type);
  });

  it('takes a single file’s own type, and reads the opening boundary before a file part', () => {
    expect(guessContentType(post([], photo))).toBe('image/png');
    expect(guessContentType(post([], '--b2\r\nContent-Disposition: form-data; name="f"\r\n\r\n', photo, '\r\n--b2--\r\n'))).toBe('multipart/form-data; boundary=b2');
  });
});

describe('content-type-missing', () => {
  it('names the body size and offers the guessed type', () => {
    const [finding] = run(contentTypeMissingRule, post([], '{"a":1}'));
    expect(finding?.message).toBe('The request has a body of 7 bytes but no Content-Type header, so the server has to guess how to read it. It looks like application/json.');
    expect(finding?.fix).toEqual({ label: 'Set Content-Type: application/json', kind: 'set-header', name: 'Content-Type', value: 'application/json' });
  });

  it('is silent without a body, or for an empty one', () => {
    expect(run(contentTypeMissingRule, wireRequest('POST https://x/'))).toEqual([]);
    expect(run(contentTypeMissingRule, post([], ''))).toEqual([]);
  });
});

describe('content-type-syntax', () => {
  it('gives the column where the media type breaks', () => {
    const [finding] = run(contentTypeSyntaxRule, post(['Content-Type: application/json; charset'], '{}'));
    expect(finding?.message).toBe('Content-Type "application/json; charset" is not a valid media type: Parameter "charset" has no "=" and value (column 26).');
  });

  it('refuses two Content-Type headers and keeps the first as the fix', () => {
    const request = post(['Content-Type: application/json', 'Content-Type: text/plain'], '{}');
    const [finding] = run(contentTypeSyntaxRule, request);
    expect(finding?.message).toContain('2 Content-Type headers (application/json | text/plain)');
    expect(run(contentTypeSyntaxRule, applyLintFix(request, finding!.fix!))).toEqual([]);
  });
});

describe('body-matches-content-type', () => {
  it('locates a JSON syntax error by line and column', () => {
    const [finding] = run(bodyMatchesContentTypeRule, post(['Content-Type: application/json'], '{\n  "a": 1,\n}'));
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toBe(
      'Content-Type says application/json, but the body is not JSON: Trailing comma before "}" is not allowed in JSON at line 2, column 9. The server will answer 400.',
    );
    expect(finding?.fix).toBeUndefined();
  });

  it('checks +json types as JSON', () => {
    expect(run(bodyMatchesContentTypeRule, post(['Content-Type: application/merge-patch+json'], '{"a":'))).toHaveLength(1);
  });

  it('catches JSON or XML sent as a form, and offers the right type', () => {
    const [json] = run(bodyMatchesContentTypeRule, post(['Content-Type: application/x-www-form-urlencoded'], '{"a":1}'));
    expect(json?.fix).toMatchObject({ value: 'application/json' });
    const [xml] = run(bodyMatchesContentTypeRule, post(['Content-Type: application/x-www-form-urlencoded'], '<a>1</a>'));
    expect(xml?.fix).toMatchObject({ value: 'application/xml' });
  });

  it('catches a body declared XML that is not XML-looking, or not well-formed', () => {
    const [notXml] = run(bodyMatchesContentTypeRule, post(['Content-Type: application/xml'], '{"a":1}'));
    expect(notXml?.message).toContain('does not start with "<" (it starts with "{")');
    expect(notXml?.fix).toMatchObject({ value: 'application/json' });
    const [broken] = run(bodyMatchesContentTypeRule, post(['Content-Type: text/xml; charset=utf-8'], '<a>\n<b></a>'));
    expect(broken?.message).toMatch(/not well-formed XML: .*line 2/);
  });

  it('does not judge bodies with files, or other media types', () => {
    expect(run(bodyMatchesContentTypeRule, post(['Content-Type: application/json'], photo))).toEqual([]);
    expect(run(bodyMatchesContentTypeRule, post(['Content-Type: text/plain'], '{"a":'))).toEqual([]);
  });
});

describe('content-length-mismatch', () => {
  it.each([
    [['Content-Length: 3'], 'Content-Length says 3 but the body has 2 bytes.'],
    [['Content-Length: two'], 'Content-Length "two" is not a number of bytes (digits only); the body has 2 bytes.'],
    [['Content-Length: 2', 'Content-Length: 3'], 'Content-Length is sent 2 times with different values (2, 3); the body has 2 bytes.'],
    [['Content-Length: 2', 'Transfer-Encoding: chunked'], 'The request has both Content-Length and Transfer-Encoding; a sender must not send both (RFC 9112 §6.2).'],
  ])('%j', (headers, message) => {
    const [finding] = run(contentLengthRule, post(['Content-Type: application/json', ...headers], '{}'));
    expect(finding?.message).toBe(message);
    expect(finding?.fix).toMatchObject({ kind: 'remove-header', name: 'Content-Length' });
  });

  it('counts UTF-8 bytes and file sizes, not characters', () => {
    expect(run(contentLengthRule, post(['Content-Length: 2'], 'é'))).toEqual([]);
    expect(run(contentLengthRule, post(['Content-Length: 2049'], 'x', photo))).toEqual([]);
  });
});

describe('multipart-boundary', () => {
  const part = (boundary: string, content: string) => `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  const multipart = (type: string, ...body: WireRequest['body'] & unknown[]) => post([`Content-Type: ${type}`], ...body);

  it('offers the boundary the body opens with when the header lacks one', () => {
    const request = multipart('multipart/form-data; charset=utf-8', part('Qx7', 'hi'));
    const [finding] = run(multipartBoundaryRule, request);
    expect(finding?.message).toContain('has no boundary parameter');
    expect(finding?.fix).toMatchObject({ kind: 'set-header', value: 'multipart/form-data; charset=utf-8; boundary=Qx7' });
  });

  it('refuses a boundary RFC 2046 does not allow', () => {
    const [finding] = run(multipartBoundaryRule, multipart('multipart/form-data; boundary="a b "', part('a b ', 'x')));
    expect(finding?.message).toContain('ends with a space');
  });

  it('finds the boundary inside a part’s content, with its byte offset', () => {
    const [finding] = run(multipartBoundaryRule, multipart('multipart/form-data; boundary=zz9', part('zz9', 'abc zz9 def')));
    expect(finding?.message).toBe('The boundary "zz9" occurs inside the content at byte 55; the server will cut the part there. Build the body again with a fresh boundary.');
  });

  it('searches text around files, counting file sizes in the offsets, and skips the files themselves', () => {
    const head = '--B\r\nContent-Disposition: form-data; name="f"; filename="cat.png"\r\n\r\n';
    const clean = multipart('multipart/form-data; boundary=B', head, photo, '\r\n--B--\r\n');
    expect(run(multipartBoundaryRule, clean)).toEqual([]);
    const dirty = multipart('multipart/form-data; boundary=B', head, photo, '\r\n--B\r\nContent-Disposition: form-data; name="n"\r\n\r\nBig\r\n--B--\r\n');
    expect(run(multipartBoundaryRule, dirty)[0]?.message).toContain(`at byte ${head.length + photo.size + 51}`);
  });

  it('accepts boundaries made of dashes, as browsers generate them', () => {
    const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
    expect(run(multipartBoundaryRule, multipart(`multipart/form-data; boundary=${boundary}`, part(boundary, 'x')))).toEqual([]);
  });

  it('reports a body cut short, with where', () => {
    const [finding] = run(multipartBoundaryRule, multipart('multipart/form-data; boundary=k', '--k\r\nContent-Disposition: form-data; name="a"\r\n\r\nx'));
    expect(finding?.message).toMatch(/^The multipart body does not match its boundary: .*never followed by a "--k" delimiter.*\(line \d+, column \d+\)\.$/);
  });
});
