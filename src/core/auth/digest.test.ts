import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DigestAnswerInput, DigestHasher } from './digest';
import { chooseDigestChallenge, DigestNonceCounts, digestAuthorization, extValue, formatNonceCount, readDigestChallenge } from './digest';
import { parseChallenges, parseCredentials } from '.';

const NODE_NAMES = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' } as const;
const hasher: DigestHasher = (hash, data) => createHash(NODE_NAMES[hash]).update(data).digest('hex');

/** The challenge of one `WWW-Authenticate` value, read as Digest. */
function challenge(header: string) {
  const parsed = parseChallenges(header);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const read = readDigestChallenge(parsed.value[0]!);
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}

/** The answer's params as a name → value record. */
function paramsOf(header: string): Record<string, string> {
  const parsed = parseCredentials(header);
  if (!parsed.ok || !parsed.value.params) throw new Error(`not credentials: ${header}`);
  return Object.fromEntries(parsed.value.params.map((p) => [p.name, p.value]));
}

// RFC 7616 §3.9.1: the same challenge once with SHA-256, once with MD5.
const RFC_391 = (algorithm: string) =>
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`;
const MUFASA: Omit<DigestAnswerInput, 'challenge'> = {
  credentials: { username: 'Mufasa', password: 'Circle of Life' },
  method: 'GET',
  uri: '/dir/index.html',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  nc: 1,
};

function answer(input: DigestAnswerInput) {
  const result = digestAuthorization(input, hasher);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('digestAuthorization — RFC 7616 §3.9 examples', () => {
  it('§3.9.1 SHA-256', () => {
    const a = answer({ ...MUFASA, challenge: challenge(RFC_391('SHA-256')) });
    expect(a.header).toBe(
      'Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    );
  });

  it('§3.9.1 MD5', () => {
    expect(paramsOf(answer({ ...MUFASA, challenge: challenge(RFC_391('MD5')) }).header).response).toBe('8ca523f5e9506fed4657c9700eebdbec');
  });

  // The printed §3.9.2 values (username 488869…, response ae66e6…) do not follow from its
  // own inputs; these are SHA-512/256 of the UTF-8 text, as the RFC's erratum to §3.9.2 gives.
  it('§3.9.2 userhash with SHA-512-256 and a non-ASCII name', () => {
    const ch = challenge(
      'Digest realm="api@example.org", qop=auth, algorithm=SHA-512-256, nonce="5TsQWLVdgBdmrQ0XsxbDODV+57QdFR34I9HAbC/RVvkK", opaque="HRPCssKJSGjCrkzDg8OhwpzCiGPChXYjwrI2QmXDnsOS", charset=UTF-8, userhash=true',
    );
    const a = answer({
      challenge: ch,
      credentials: { username: 'J\u00e4s\u00f8n Doe', password: 'Secret, or not?' },
      method: 'GET',
      uri: '/doe.json',
      cnonce: 'NTg6RKcb9boFIAS3KrFK9BGeh+iDa/sm6jUMp2wds69v',
      nc: 1,
    });
    const params = paramsOf(a.header);
    expect(params.username).toBe('793263caabb707a56211940d90411ea4a575adeccb7e360aeb624ed06ece9b0b');
    expect(params.userhash).toBe('true');
    expect(params.response).toBe('3798d4131c277846293534c3edc11bd8a5e4cdcbff78b05db9d95eeb1cec68a5');
  });
});

describe('digestAuthorization — edge cases', () => {
  it('sends no qop, nc or cnonce when the server offered no qop (RFC 2069), and no algorithm it did not name', () => {
    const a = answer({ ...MUFASA, challenge: challenge('Digest realm="r", nonce="n"') });
    expect(a.header).toBe(`Digest username="Mufasa", realm="r", uri="/dir/index.html", nonce="n", response="${paramsOf(a.header).response}"`);
    const ha1 = hasher('MD5', new TextEncoder().encode('Mufasa:r:Circle of Life'));
    const ha2 = hasher('MD5', new TextEncoder().encode('GET:/dir/index.html'));
    expect(paramsOf(a.header).response).toBe(hasher('MD5', new TextEncoder().encode(`${ha1}:n:${ha2}`)));
  });

  it('treats an empty qop as none offered (http-auth writes qop="")', () => {
    expect(answer({ ...MUFASA, challenge: challenge('Digest realm="r", qop="", nonce="n", algorithm="MD5"') }).header).not.toMatch(/qop|nc=/);
  });

  it('writes nc as 8 unquoted hex digits and counts per nonce', () => {
    const a = answer({ ...MUFASA, nc: 26, challenge: challenge(RFC_391('MD5')) });
    expect(a.header).toContain(', nc=0000001a, ');
    expect(formatNonceCount(0xffffffff)).toBe('ffffffff');
    expect(() => formatNonceCount(0)).toThrow(RangeError);
  });

  it('hashes the body for auth-int when only auth-int is offered, and A1 with nonce and cnonce for -sess', () => {
    const ch = challenge('Digest realm="r", qop="auth-int", algorithm=SHA-256-sess, nonce="n"');
    const body = new TextEncoder().encode('{"a":1}');
    const a = answer({ ...MUFASA, method: 'POST', body, challenge: ch });
    const H = (s: string | Uint8Array) => hasher('SHA-256', typeof s === 'string' ? new TextEncoder().encode(s) : s);
    const ha1 = H(`${H('Mufasa:r:Circle of Life')}:n:${MUFASA.cnonce}`);
    const ha2 = H(`POST:/dir/index.html:${H(body)}`);
    expect(a.qop).toBe('auth-int');
    expect(paramsOf(a.header).response).toBe(H(`${ha1}:n:00000001:${MUFASA.cnonce}:auth-int:${ha2}`));
  });

  it('sends username* (RFC 8187) for a non-ASCII name when the server announced charset=UTF-8', () => {
    const a = answer({ ...MUFASA, credentials: { username: 'J\u00e4s\u00f8n Doe', password: 'p' }, challenge: challenge('Digest realm="r", nonce="n", qop=auth, charset=UTF-8') });
    expect(a.header).toContain("username*=UTF-8''J%C3%A4s%C3%B8n%20Doe");
    expect(extValue('a b')).toBe("UTF-8''a%20b");
  });

  it('refuses a non-ASCII name without charset=UTF-8, and an empty name', () => {
    const ch = challenge('Digest realm="r", nonce="n", qop=auth');
    const bad = digestAuthorization({ ...MUFASA, credentials: { username: 'J\u00e4', password: 'p' }, challenge: ch }, hasher);
    expect(bad.ok || bad.error.kind).toBe('digest-username-charset');
    const empty = digestAuthorization({ ...MUFASA, credentials: { username: '', password: 'p' }, challenge: ch }, hasher);
    expect(empty.ok || empty.error.field).toBe('username');
  });
});

describe('reading and choosing challenges', () => {
  it('reads every parameter', () => {
    expect(challenge('Digest realm="r", domain="/a /b", nonce="n", opaque="o", stale=TRUE, algorithm=sha-512-256-SESS, qop="auth,auth-int", charset=UTF-8, userhash=true')).toEqual({
      realm: 'r',
      nonce: 'n',
      opaque: 'o',
      qop: ['auth', 'auth-int'],
      algorithm: 'SHA-512-256-sess',
      algorithmGiven: true,
      userhash: true,
      utf8: true,
      stale: true,
      domain: ['/a', '/b'],
    });
  });

  it('chooses the strongest algorithm among several challenges, or the preferred one when offered', () => {
    const header = ['Digest realm="r", nonce="1", algorithm=MD5, qop=auth', 'Digest realm="r", nonce="2", algorithm=SHA-512-256, qop=auth, Digest realm="r", nonce="3", algorithm=SHA-256, qop=auth'];
    const best = chooseDigestChallenge(header);
    expect(best.ok && best.value.algorithm).toBe('SHA-512-256');
    const preferred = chooseDigestChallenge(header, 'MD5');
    expect(preferred.ok && preferred.value.nonce).toBe('1');
    const fallback = chooseDigestChallenge(header, 'SHA-256-sess');
    expect(fallback.ok && fallback.value.algorithm).toBe('SHA-512-256');
  });

  it('skips an unknown algorithm when another challenge is usable, and names it otherwise', () => {
    const mixed = chooseDigestChallenge(['Digest realm="r", nonce="1", algorithm=SHA3-256, Basic realm="r", Digest realm="r", nonce="2"']);
    expect(mixed.ok && mixed.value.nonce).toBe('2');
    const unknown = chooseDigestChallenge(['Digest realm="r", nonce="1", algorithm=SHA3-256']);
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.error.kind).toBe('digest-algorithm-unknown');
      expect(unknown.error.message).toContain('"SHA3-256"');
    }
  });

  it('says when there is no Digest challenge, or one lacks its nonce', () => {
    const none = chooseDigestChallenge(['Basic realm="r"']);
    expect(none.ok || none.error.kind).toBe('digest-challenge-missing');
    const noNonce = chooseDigestChallenge(['Digest realm="r"']);
    expect(noNonce.ok || noNonce.error.message).toContain('no nonce');
    const badQop = chooseDigestChallenge(['Digest realm="r", nonce="n", qop="auth-conf"']);
    expect(badQop.ok || badQop.error.message).toContain('auth-conf');
  });
});

describe('DigestNonceCounts', () => {
  it('counts per nonce and forgets the oldest past its limit', () => {
    const counts = new DigestNonceCounts(2);
    expect([counts.next('a'), counts.next('a'), counts.next('b'), counts.next('a')]).toEqual([1, 2, 1, 3]);
    counts.next('c');
    expect(counts.size).toBe(2);
    expect(counts.next('b')).toBe(1);
    expect(counts.next('a')).toBe(1);
  });
});
