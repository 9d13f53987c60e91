import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, bodyAuthError } from './bodyAuthError';
import { wireResponse } from './exchangeFixtures';

const code = (status: number, headers: string[], body?: string) => {
  const found = bodyAuthError(wireResponse(status, headers, body));
  return found && `${found.code} ${found.kind} (${found.where})`;
};

describe('bodyAuthError: the response\u2019s own error code', () => {
  it('reads AWS\u2019s JSON Error.Code, __type, the x-amzn-ErrorType header, and S3\u2019s XML <Code>', () => {
    expect(code(403, [], '{"Error":{"Code":"SignatureDoesNotMatch","Message":"…"}}')).toBe('SignatureDoesNotMatch authentication (Error.Code)');
    expect(code(403, [], '{"__type":"com.amazon.coral.service#InvalidSignatureException","message":"…"}')).toBe('InvalidSignatureException authentication (__type)');
    expect(code(403, ['x-amzn-ErrorType: AccessDeniedException:http://internal.amazon.com/coral/'], '')).toBe('AccessDeniedException authorization (x-amzn-ErrorType)');
    expect(code(403, [], '<?xml version="1.0"?><Error><Code>RequestTimeTooSkewed</Code></Error>')).toBe('RequestTimeTooSkewed authentication (<Code>)');
  });

  it('reads OAuth\u2019s error member', () => {
    expect(code(401, [], '{"error":"invalid_client"}')).toBe('invalid_client authentication (error)');
    expect(code(403, [], '{"error":"insufficient_scope"}')).toBe('insufficient_scope authorization (error)');
  });

  it('knows nothing of other codes, other shapes, or bodies too big to be an error document', () => {
    expect(code(403, [], '{"error":"quota_exceeded"}')).toBeUndefined();
    expect(code(403, [], '["SignatureDoesNotMatch"]')).toBeUndefined();
    expect(code(403, [], 'not json {')).toBeUndefined();
    expect(code(403, [])).toBeUndefined();
    expect(code(403, [], `{"Error":{"Code":"SignatureDoesNotMatch"},"pad":"${'x'.repeat(70_000)}"}`)).toBeUndefined();
  });

  it('says what to check for every code it knows, and throws on a malformed response', () => {
    for (const [name, meaning] of Object.entries(AUTH_ERROR_CODES)) expect(meaning.check, name).toMatch(/\.$/);
    expect(() => bodyAuthError(null as never)).toThrow(TypeError);
  });
});
