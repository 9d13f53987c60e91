import { describe, expect, it } from 'vitest';
import { wirePreview } from './wirePreview';

describe('wirePreview', () => {
  it('writes the request as the relay will: origin-form target, Host, headers in order, framing, connection, body', () => {
    const text = wirePreview({
      method: 'POST',
      url: 'https://api.example.com:8443/a b/c?q=1#frag',
      headers: [
        { name: 'X-B', value: '1' },
        { name: 'X-B', value: '2' },
        { name: 'Content-Type', value: 'text/plain' },
      ],
      body: ['héllo'],
    });
    expect(text).toBe(
      'POST /a%20b/c?q=1 HTTP/1.1\r\nHost: api.example.com:8443\r\nX-B: 1\r\nX-B: 2\r\nContent-Type: text/plain\r\nContent-Length: 6\r\nConnection: keep-alive\r\n\r\nhéllo',
    );
  });

  it('shows a bodiless GET with no framing header and "/" for an empty path', () => {
    expect(wirePreview({ method: 'GET', url: 'http://h', headers: [] })).toBe('GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive\r\n\r\n');
  });

  it('marks files instead of reading them and counts their size in Content-Length', () => {
    const text = wirePreview({ method: 'PUT', url: 'http://h/f', headers: [], body: [{ kind: 'file', id: 'x', name: 'big.bin', size: 52_428_800 }] });
    expect(text).toContain('Content-Length: 52428800\r\n');
    expect(text.endsWith('\r\n\r\n<file big.bin (52428800 bytes)>')).toBe(true);
  });

  it('cuts a long body and says how long it is', () => {
    const text = wirePreview({ method: 'POST', url: 'http://h/', headers: [], body: ['x'.repeat(100)] }, { bodyLimit: 10 });
    expect(text).toContain('\r\n\r\nxxxxxxxxxx\n… preview cut at 10 characters; the body is 100 bytes');
  });

  it('throws a TypeError for a URL that does not parse', () => {
    expect(() => wirePreview({ method: 'GET', url: '/relative', headers: [] })).toThrow(TypeError);
  });
});
