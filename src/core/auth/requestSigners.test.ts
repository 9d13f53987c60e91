import { describe, expect, it } from 'vitest';
import { signWire } from './signing';

const now = new Date('2026-01-01T00:00:00Z');
const header = (wire: { headers: { name: string; value: string }[] }) => wire.headers.find((h) => h.name === 'Authorization')?.value ?? '';

describe('OAuth 1.0 signing (RFC 5849 §3)', () => {
  it("signs Twitter's documented example (\"Creating a signature\": query and form body parameters included) to its published base string and signature", async () => {
    const signed = await signWire(
      'oauth1',
      {
        consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
        consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
        signatureMethod: 'HMAC-SHA1',
        nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        timestamp: '1318622958',
        version: '1.0',
      },
      {
        method: 'POST',
        url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
        headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }, { name: 'Authorization', value: 'stale' }],
        body: ['status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21'],
      },
      { now },
    );
    expect(signed.ok).toBe(true);
    if (!signed.ok || !signed.value) return;
    const value = header(signed.value.wire);
    expect(signed.value.steps[0]?.text).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
    expect(value).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
    expect(signed.value.wire.headers.filter((h) => h.name === 'Authorization')).toHaveLength(1);
  });

  it('leaves empty oauth_ parameters out, draws a nonce and takes the moment when none is given, and names a missing key', async () => {
    const signed = await signWire('oauth1', { consumerKey: 'ck', consumerSecret: 'cs', token: '' }, { method: 'GET', url: 'http://localhost:4040/oauth1', headers: [] }, { now });
    expect(signed.ok && signed.value && header(signed.value.wire)).toMatch(/^OAuth oauth_consumer_key="ck",oauth_nonce="[A-Za-z0-9]{11}",oauth_signature_method="HMAC-SHA1",oauth_timestamp="1767225600",oauth_version="1.0",oauth_signature="/);
    const missing = await signWire('oauth1', { consumerKey: '' }, { method: 'GET', url: 'http://x.test/', headers: [] }, { now });
    expect(missing.ok ? undefined : missing.error.field).toBe('consumerKey');
  });
});

describe('Hawk signing (header scheme v1)', () => {
  it("gives hawk's documented example its published MAC", async () => {
    const signed = await signWire(
      'hawk',
      { authId: 'dh37fgj492je', authKey: 'werxhqb98rpaxn39848xrunpaw3489ruxnpa98w4rxn', algorithm: 'sha256', timestamp: '1353832234', nonce: 'j4h3g2', ext: 'some-app-ext-data' },
      { method: 'GET', url: 'http://example.com:8000/resource/1?b=1&a=2', headers: [] },
      { now },
    );
    expect(signed.ok && signed.value && header(signed.value.wire)).toBe('Hawk id="dh37fgj492je", ts="1353832234", nonce="j4h3g2", ext="some-app-ext-data", mac="6R4rV5iE+NPoym+WwjeHzjAGXUtLNIxmo1vpMofpLAE="');
  });
});
