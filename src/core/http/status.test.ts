import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { STATUS_REGISTRY } from './statusRegistry';
import { rfcReferenceUrl, statusClass, statusInfo } from './status';

const expectedClass = (code: number) =>
  (['informational', 'success', 'redirection', 'client-error', 'server-error'] as const)[Math.floor(code / 100) - 1];

describe('statusInfo for every registered code', () => {
  it.each(STATUS_REGISTRY.map((e) => [e.code, e.reason] as const))('%i %s', (code) => {
    const info = statusInfo(code);
    expect(info.code).toBe(code);
    expect(info.registered).toBe(true);
    expect(info.class).toBe(expectedClass(code));
    expect(info.reason.trim()).not.toBe('');
    expect(info.reference.trim()).not.toBe('');
    expect(info.explanation.length).toBeGreaterThan(40);
    expect(info.nextStep.trim()).not.toBe('');
    expect(info.referenceUrl).toMatch(/^https:\/\/(www\.rfc-editor\.org\/rfc\/rfc\d+(#section-[\d.]+)?|datatracker\.ietf\.org\/)/);
  });

  it('the registry is in numeric order without duplicates', () => {
    const codes = STATUS_REGISTRY.map((e) => e.code);
    expect(codes).toEqual([...new Set(codes)].sort((a, b) => a - b));
  });

  it('holds exactly the IANA codes (as of RFC 9110, plus temporary 104)', () => {
    expect(STATUS_REGISTRY.map((e) => e.code)).toEqual([
      100, 101, 102, 103, 104,
      200, 201, 202, 203, 204, 205, 206, 207, 208, 226,
      300, 301, 302, 303, 304, 305, 306, 307, 308,
      400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418,
      421, 422, 423, 424, 425, 426, 428, 429, 431, 451,
      500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
    ]);
  });
});

describe('statusInfo spot checks', () => {
  it.each([
    [200, 'OK', 'RFC 9110 §15.3.1', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.3.1'],
    [103, 'Early Hints', 'RFC 8297', 'https://www.rfc-editor.org/rfc/rfc8297'],
    [401, 'Unauthorized', 'RFC 9110 §15.5.2', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.2'],
    [413, 'Content Too Large', 'RFC 9110 §15.5.14', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14'],
    [418, '(Unused)', 'RFC 9110 §15.5.19', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.19'],
    [422, 'Unprocessable Content', 'RFC 9110 §15.5.21', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.21'],
    [429, 'Too Many Requests', 'RFC 6585 §4', 'https://www.rfc-editor.org/rfc/rfc6585#section-4'],
    [507, 'Insufficient Storage', 'RFC 4918 §11.5', 'https://www.rfc-editor.org/rfc/rfc4918#section-11.5'],
    [511, 'Network Authentication Required', 'RFC 6585 §6', 'https://www.rfc-editor.org/rfc/rfc6585#section-6'],
  ])('%i → %s (%s)', (code, reason, reference, url) => {
    expect(statusInfo(code)).toMatchObject({ reason, reference, referenceUrl: url });
  });

  it('418 is reserved as (Unused), and still explains the teapot', () => {
    const info = statusInfo(418);
    expect(info.registration).toBe('unused');
    expect(info.explanation).toContain("I'm a teapot");
  });

  it('104 is a temporary registration and says so', () => {
    const info = statusInfo(104);
    expect(info).toMatchObject({ registered: true, registration: 'temporary', reason: 'Upload Resumption Supported' });
    expect(info.explanation).toMatch(/Temporary IANA registration/);
  });

  it('510 is marked obsoleted', () => {
    expect(statusInfo(510).registration).toBe('obsoleted');
  });

  it('400 covers malformed syntax and invalid values such as a badly formatted date or unparsable XML', () => {
    const e = statusInfo(400).explanation;
    expect(e).toMatch(/generic client error/);
    expect(e).toMatch(/malformed syntax/);
    expect(e).toMatch(/badly formatted date/);
    expect(e).toMatch(/unparsable XML/);
  });

  it('401 covers missing or wrong credentials, failed bearer validation, and WWW-Authenticate', () => {
    const e = statusInfo(401).explanation;
    expect(e).toMatch(/without proper credentials, or with wrong ones/);
    expect(e).toMatch(/bearer-token validation/);
    expect(e).toMatch(/WWW-Authenticate/);
  });

  it('403 is an authenticated caller refused', () => {
    expect(statusInfo(403).explanation).toMatch(/authenticated.*not allowed/);
  });

  it('415, 400 and 422 are told apart: media type, syntax, semantics', () => {
    expect(statusInfo(415).explanation).toMatch(/not the syntax \(400\) or the meaning \(422\)/);
    expect(statusInfo(422).explanation).toMatch(/differs from 400, where the syntax itself is wrong/);
  });

  it('500 is a server fault, not the client\u2019s; 507 cannot store', () => {
    expect(statusInfo(500).explanation).toMatch(/not the client.s fault/);
    expect(statusInfo(507).explanation).toMatch(/cannot store/);
  });
});

describe('statusInfo for unregistered codes', () => {
  it.each([
    [199, 'informational', 'Unregistered 1xx', /may ignore it/],
    [299, 'success', 'Unregistered 2xx', /treat as 200 OK per RFC 9110 §15/],
    [399, 'redirection', 'Unregistered 3xx', /treat as 300 Multiple Choices/],
    [420, 'client-error', 'Unregistered 4xx', /treat as 400 Bad Request/],
    [499, 'client-error', 'Unregistered 4xx', /treat as 400 Bad Request/],
    [509, 'server-error', 'Unregistered 5xx', /treat as 500 Internal Server Error/],
    [599, 'server-error', 'Unregistered 5xx', /not hidden|rather than hidden/],
  ])('%i is %s', (code, cls, reason, explanation) => {
    const info = statusInfo(code);
    expect(info).toMatchObject({ code, class: cls, reason, registered: false, registration: 'unregistered', reference: 'RFC 9110 §15' });
    expect(info.explanation).toMatch(explanation);
  });

  it.each([0, 99, 600, 999, -200, 200.5, Number.NaN, Infinity])('%d is not a valid status code', (code) => {
    const info = statusInfo(code);
    expect(info.class).toBe('unknown');
    expect(info.registered).toBe(false);
    expect(info.explanation).toMatch(/not one, so this response is invalid/);
  });

  it('rejects a non-number as a programmer error', () => {
    expect(() => statusInfo('200' as unknown as number)).toThrow(TypeError);
  });

  it('never throws and always classifies by first digit for any integer', () => {
    fc.assert(fc.property(fc.integer(), (code) => {
      const info = statusInfo(code);
      expect(info.class).toBe(code >= 100 && code <= 599 ? expectedClass(code) : 'unknown');
      expect(info.explanation).not.toBe('');
    }));
  });
});

describe('statusClass and rfcReferenceUrl', () => {
  it('classifies the edges', () => {
    expect([99, 100, 199, 200, 399, 400, 499, 500, 599, 600].map(statusClass)).toEqual([
      'unknown', 'informational', 'informational', 'success', 'redirection',
      'client-error', 'client-error', 'server-error', 'server-error', 'unknown',
    ]);
  });

  it('links RFC sections and falls back to the IANA registry', () => {
    expect(rfcReferenceUrl('RFC 9110 §15')).toBe('https://www.rfc-editor.org/rfc/rfc9110#section-15');
    expect(rfcReferenceUrl('draft-foo')).toBe('https://www.iana.org/assignments/http-status-codes');
  });
});
