import { describe, expect, it } from 'vitest';
import { explainActionLabel } from './actionLabel';
import { explainResponse } from './explain';
import { wireRequest, wireResponse } from './exchangeFixtures';
import type { Finding } from './finding';
import { checkStory, describeStoryContradiction, findStoryContradictions, STORY_ACTIONS, STORY_EVIDENCE, STORY_PHRASES, storyClaims, type ExchangeEvidence, type StoryStatement } from './story';

/** Evidence in one line: sent header lines, hop kinds (`r` redirect, `d` Digest round), the response. */
function evidence(sent: string[], hops: string, response = wireResponse(200), composedAuth?: string): ExchangeEvidence {
  return {
    sentHeaders: wireRequest('GET https://x/', sent).headers,
    hops: [...hops].map((k) => ({ kind: k === 'd' ? ('digest' as const) : ('redirect' as const) })),
    response,
    ...(composedAuth ? { composedAuth } : {}),
  };
}

/** The claims one text makes, as `topic=value` (evidence left out). */
function claimsOf(text: string): string[] {
  return storyClaims([{ source: 's', text }], evidence([], ''))
    .filter((c) => c.source === 's')
    .map((c) => `${c.topic}=${c.value}`);
}

/** Statements as the inspector would show them for `findings`, with their buttons. */
function statementsOf(findings: readonly Finding[]): StoryStatement[] {
  return findings.map((f) => ({
    source: `finding ${f.id}`,
    text: [f.title, f.message, f.next, f.action ? explainActionLabel(f.action) : undefined].filter(Boolean).join('\n'),
    ...(f.action ? { action: f.action } : {}),
    ...(f.verdict ? { verdict: f.verdict } : {}),
  }));
}

const lines = (statements: readonly StoryStatement[], e: ExchangeEvidence) => checkStory(statements, e).map(describeStoryContradiction);

describe('the evidence: what the record shows', () => {
  const topics = (e: ExchangeEvidence) => storyClaims([], e).map((c) => `${c.topic}=${c.value}`);

  it('reads Authorization and Cookie from the headers as sent, cookie by cookie', () => {
    expect(topics(evidence(['Authorization: Digest username="u"', 'Cookie: sid=1; prefs=2'], ''))).toEqual(
      expect.arrayContaining(['authorization=sent', 'cookie=sent', 'cookie:sid=sent', 'cookie:prefs=sent']),
    );
    expect(topics(evidence([], ''))).toEqual(expect.arrayContaining(['authorization=not sent', 'cookie=not sent']));
  });

  it('names a session cookie a Cookie challenge asks for and the request did not carry', () => {
    const asked = wireResponse(401, ['WWW-Authenticate: Cookie cookie-name="sid"']);
    expect(topics(evidence(['Cookie: prefs=2'], '', asked))).toEqual(expect.arrayContaining(['cookie:sid=not sent', 'answer:cookie=cookie-jar']));
  });

  it('counts redirects apart from Digest challenge rounds', () => {
    expect(topics(evidence([], 'rrd'))).toEqual(expect.arrayContaining(['redirects=2', 'redirected=yes', 'challenge rounds=1']));
    expect(topics(evidence([], 'd'))).toEqual(expect.arrayContaining(['redirects=0', 'redirected=no']));
  });

  it('reads the body\u2019s own error code, the composer\u2019s scheme, and how each challenge is answered', () => {
    const refused = wireResponse(403, [], '{"Error":{"Code":"SignatureDoesNotMatch"}}');
    expect(topics(evidence([], '', refused, 'sigv4'))).toEqual(expect.arrayContaining(['refusal=authentication', 'setup:sigv4=already set up']));
    expect(topics(evidence([], '', wireResponse(200), 'vault'))).toEqual(expect.arrayContaining(['setup:vault=already set up', 'setup:bearer=already set up']));
    expect(topics(evidence([], '', wireResponse(200), 'none')).filter((t) => t.startsWith('setup:'))).toEqual([]);
    expect(topics(evidence([], '', wireResponse(401, ['WWW-Authenticate: Digest realm="r", nonce="n"'])))).toContain('answer:digest=auth-scheme');
  });
});

/** Each phrase rule with words that make its claim, and words close to them that make none of its claims. */
const PHRASE_EXAMPLES: Readonly<Record<string, { says: [string, string][]; not: string[] }>> = {
  'says-no-authorization': { says: [['No Authorization sent', 'authorization=not sent'], ['Your request sent no Authorization header', 'authorization=not sent'], ['Refused, and no Authorization was sent', 'authorization=not sent']], not: ['No Proxy-Authorization sent'] },
  'says-authorization': { says: [['Your request sent Authorization with the Digest scheme', 'authorization=sent']], not: ['Your request sent Proxy-Authorization with the Basic scheme'] },
  'says-no-cookie': { says: [['Your request carried no Cookie header', 'cookie=not sent']], not: ['a Cookie header carries it back'] },
  'says-cookies': { says: [['Your request sent cookies (prefs), but not', 'cookie=sent'], ['Your request sent the "sid" cookie', 'cookie=sent']], not: ['the jar sends the session cookie it sets'] },
  'says-named-cookie-sent': { says: [['Your request sent the "sid" cookie (values not shown)', 'cookie:sid=sent']], not: ['No "sid" cookie sent'] },
  'says-named-cookie-missing': { says: [['No "sid" cookie sent', 'cookie:sid=not sent'], ['sent cookies (prefs), but not the "sid" cookie', 'cookie:sid=not sent']], not: [] },
  'says-authorization-failed': {
    says: [['Authenticated, but refused', 'refusal=authorization'], ['you need an identity with the needed permission, role or scope', 'refusal=authorization'], ['the caller is authenticated (or authentication would not help)', 'refusal=authorization']],
    not: ['authentication failed, answered with 403. Permissions are not the question yet'],
  },
  'says-authentication-failed': {
    says: [['authentication failed', 'refusal=authentication'], ['Digest credentials rejected', 'refusal=authentication'], ['the user name or password is wrong', 'refusal=authentication'], ['The request signature we calculated does not match', 'refusal=authentication']],
    not: ['Authenticated, but refused'],
  },
  'says-redirect-count': { says: [['over 3 requests (2 redirects followed)', 'redirects=2'], ['Redirect chain (1)', 'redirects=1'], ['1 redirect', 'redirects=1']], not: ['before following the redirect', 'Redirects to https://x/y'] },
  'says-challenge-rounds': { says: [['2 requests (1 Digest challenge answered)', 'challenge rounds=1']], not: ['Digest challenge answered: realm "r"'] },
  'says-redirect-chain': { says: [['the redirect chain is under Timing', 'redirected=yes'], ['Requests of the redirect chain', 'redirected=yes']], not: ['Requests of the exchange', 'The redirect leaves https://a for https://b'] },
  'says-answer-by-cookie': { says: [['The answer to this challenge is a cookie, not an Authorization header', 'answer:cookie=cookie-jar'], ['Its answer travels in the Cookie header', 'answer:cookie=cookie-jar']], not: [] },
  'says-answer-in-authorization': {
    says: [['Send credentials for Basic or Bearer.', 'answer:bearer=auth-scheme'], ['Send credentials for Cookie.', 'answer:cookie=auth-scheme'], ['Asks for Digest credentials in Authorization.', 'answer:digest=auth-scheme']],
    not: ['Asks for a session cookie (the Cookie scheme)'],
  },
};

describe('the phrases: what words assert', () => {
  it('every phrase rule has examples, and ids are unique across the tables', () => {
    expect(STORY_PHRASES.map((r) => r.id).sort()).toEqual(Object.keys(PHRASE_EXAMPLES).sort());
    const ids = [...STORY_EVIDENCE, ...STORY_PHRASES, ...STORY_ACTIONS].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of [...STORY_EVIDENCE, ...STORY_PHRASES, ...STORY_ACTIONS]) expect(rule.says, rule.id).toMatch(/\S/);
  });

  it.each(Object.entries(PHRASE_EXAMPLES))('%s', (id, { says, not }) => {
    const rule = STORY_PHRASES.find((r) => r.id === id)!;
    for (const [text, claim] of says) expect(claimsOf(text), text).toContain(claim);
    const itsTopics = new Set(says.map(([, claim]) => claim.split('=')[0]));
    for (const text of not) {
      const own = storyClaims([{ source: 's', text }], evidence([], '')).filter((c) => c.rule === rule.id && itsTopics.has(c.topic));
      expect(own, text).toEqual([]);
    }
  });
});

describe('the actions: what a one-click fix implies', () => {
  it('"Set up X auth" says X is not set up and is answered in Authorization; "Check the X credentials" says X is set up', () => {
    const claims = (action: StoryStatement['action']) => storyClaims([{ source: 's', text: '', ...(action ? { action } : {}) }], evidence([], '')).filter((c) => c.source === 's').map((c) => `${c.topic}=${c.value}`);
    expect(claims({ kind: 'open-auth', scheme: 'Digest' })).toEqual(['setup:digest=offered', 'answer:digest=auth-scheme']);
    expect(claims({ kind: 'open-auth', scheme: 'Cookie' })).toEqual(['setup:custom=offered', 'answer:cookie=auth-scheme']);
    expect(claims({ kind: 'review-auth', scheme: 'sigv4' })).toEqual(['setup:sigv4=already set up']);
    expect(claims({ kind: 'open-cookies' })).toEqual([]);
  });
});

describe('contradictions', () => {
  it('are topics answered two ways, with every source of each answer', () => {
    const found = findStoryContradictions([
      { topic: 'authorization', value: 'sent', source: 'evidence', rule: 'sent-authorization' },
      { topic: 'authorization', value: 'not sent', source: 'finding a', rule: 'r' },
      { topic: 'authorization', value: 'not sent', source: 'finding b', rule: 'r' },
      { topic: 'redirects', value: '0', source: 'evidence', rule: 'hops' },
    ]);
    expect(found).toEqual([{ topic: 'authorization', answers: [{ value: 'sent', sources: ['evidence'] }, { value: 'not sent', sources: ['finding a', 'finding b'] }] }]);
    expect(describeStoryContradiction(found[0]!)).toBe('authorization: "sent" (evidence) vs "not sent" (finding a, finding b)');
  });

  it('include verdicts stated as data', () => {
    const statements: StoryStatement[] = [
      { source: 'status', text: '', verdict: { blame: 'server' } },
      { source: 'SOAP fault', text: '', verdict: { blame: 'request' } },
    ];
    expect(lines(statements, evidence([], ''))).toEqual(['verdict:blame: "server" (status) vs "request" (SOAP fault)']);
  });

  it('throw on malformed input', () => {
    expect(() => storyClaims(null as never, evidence([], ''))).toThrow(TypeError);
    expect(() => storyClaims([], { sentHeaders: null } as never)).toThrow(TypeError);
  });
});

describe('the screens of issue 27.4: the old words contradict, the new ones tell one story', () => {
  const DIGEST = 'Authorization: Digest username="Mufasa", realm="r", uri="/x", nonce="n1", nc=00000001, cnonce="c", qop=auth, response="0"';
  const digestRefused = wireResponse(401, ['WWW-Authenticate: Digest realm="r", nonce="n2", qop="auth"']);

  it('Digest sent by the relay and refused', () => {
    const before: StoryStatement[] = [
      { source: 'finding auth-challenge', text: 'The server asks for Digest\nSet up Digest auth (realm "r")', action: { kind: 'open-auth', scheme: 'Digest', realm: 'r' } },
      { source: 'finding auth-credentials-missing', text: 'No Authorization sent\nYour request sent no Authorization header, so the server could not identify you. Send credentials for Digest.' },
      { source: 'Timing caption', text: 'Timing of the exchange: 12 ms in total over 2 requests (1 redirect followed).' },
    ];
    const e = evidence([DIGEST], 'd', digestRefused, 'digest');
    expect(lines(before, e)).toEqual([
      'authorization: "sent" (evidence) vs "not sent" (finding auth-credentials-missing)',
      'redirects: "0" (evidence) vs "1" (Timing caption)',
      'redirected: "no" (evidence) vs "yes" (Timing caption)',
      'setup:digest: "already set up" (evidence) vs "offered" (finding auth-challenge)',
    ]);
    // The inspector explains the request as the relay sent it, knowing the scheme is set up.
    const after = statementsOf(explainResponse(wireRequest('GET https://x/x', [DIGEST]), digestRefused, { composedAuth: 'digest' }));
    expect(lines([...after, { source: 'Timing caption', text: 'over 2 requests (1 Digest challenge answered).' }], e)).toEqual([]);
  });

  it('SigV4 SignatureDoesNotMatch', () => {
    const refused = wireResponse(403, ['Content-Type: application/json'], '{"Error":{"Code":"SignatureDoesNotMatch","Message":"Check your AWS Secret Access Key and signing method."}}');
    const request = wireRequest('GET https://x/', ['Authorization: AWS4-HMAC-SHA256 Credential=A/20240101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=0']);
    const e = evidence(request.headers.map((h) => `${h.name}: ${h.value}`), '', refused, 'sigv4');
    const before: StoryStatement[] = [{ source: 'finding forbidden-authenticated', text: 'Authenticated, but refused\n… you need an identity with the needed permission, role or scope.' }];
    expect(lines(before, e)).toEqual(['refusal: "authentication" (evidence) vs "authorization" (finding forbidden-authenticated)']);
    expect(lines(statementsOf(explainResponse(request, refused, { composedAuth: 'sigv4' })), e)).toEqual([]);
  });

  it('a cookie session\u2019s 401', () => {
    const challenged = wireResponse(401, ['WWW-Authenticate: Cookie realm="sandbox", form-action="/login", cookie-name="sid"']);
    const e = evidence([], '', challenged);
    const before: StoryStatement[] = [
      { source: 'finding auth-challenge', text: 'The server asks for Cookie\nSet up Cookie auth', action: { kind: 'open-auth', scheme: 'Cookie' } },
      { source: 'finding auth-credentials-missing', text: 'No Authorization sent\n… Send credentials for Cookie.' },
    ];
    expect(lines(before, e)).toEqual(['answer:cookie: "cookie-jar" (evidence) vs "auth-scheme" (finding auth-challenge, finding auth-credentials-missing)']);
    expect(lines(statementsOf(explainResponse(wireRequest('GET https://x/me'), challenged, { cookieJar: true })), e)).toEqual([]);
  });
});
