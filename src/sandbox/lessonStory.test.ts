/**
 * One story per exchange (issue 27.4): every lesson, and every failure the lessons lead a
 * person into (a wrong Digest password, a Digest round that succeeds, a session cookie that
 * is missing or no longer known, a followed redirect chain), is sent through the relay's
 * real engine (`sendInProcess`, as the page's relay does: Digest rounds, the cookie jar,
 * redirects) to the real sandbox on loopback. Everything the inspector would say about the
 * exchange — the status summary and its findings with their buttons, the SOAP fault card,
 * each response header's explanation, the lint of the request, Timing's words for the hops,
 * the relay's Digest notes — is collected as statements, and core's one-story rules
 * (`checkStory`: evidence, phrase and action tables) must find no two that contradict each
 * other or the record (the headers as sent, the hops, the body's own error code, the scheme
 * the composer has set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkStory,
  describeHops,
  describeSoapFault,
  describeStoryContradiction,
  explainActionLabel,
  explainResponse,
  explainResponseHeader,
  lintRequest,
  parseSoapFault,
  requestAsSent,
  storyClaims,
  type DigestCredentials,
  type RelaySummary,
  type StoryStatement,
  type WireRequest,
  type WireResponse,
} from '../core';
import type { CookieJarState } from '../core/cookies';
import { lessonCaptures, LESSONS } from '../core/lessons';
import { sendInProcess } from '../relay/inProcess';
import { prepareLessonCall, type LessonCall } from './lessonCalls';
import { resetSandbox } from './reset';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

/** How the page sends a request besides its wire form: the composer's auth scheme and the relay's options. */
interface SendSetting {
  /** The composer's auth scheme (`none` when absent). */
  composedAuth?: string;
  /** The relay answers a Digest challenge with these. */
  digest?: DigestCredentials;
  /** "Send and store cookies" with this jar. */
  jar?: CookieJarState;
  followRedirects?: boolean;
}

/**
 * The failures the lessons lead into that no lesson sends as it stands, each as the page
 * would send it. Lessons that fail on purpose as they stand (basic-wrong, sigv4-wrong-secret,
 * bearer-expired, …) are in LESSONS.
 */
interface FailureScenario extends SendSetting {
  id: string;
  call: LessonCall;
  expectedStatus: number;
}

const DIGEST_URL = '/sandbox/api/digest/sha-256';

const FAILURE_SCENARIOS: readonly FailureScenario[] = [
  // digest-challenge, then Set up Digest: two requests, a challenge round that is no redirect (first, so no challenge is remembered yet).
  { id: 'digest-answered', call: { url: DIGEST_URL, method: 'GET', headers: [] }, composedAuth: 'digest', digest: { username: 'Mufasa', password: 'Circle of Life' }, expectedStatus: 200 },
  // …with a wrong password: the relay answers, the server refuses.
  { id: 'digest-wrong-password', call: { url: DIGEST_URL, method: 'GET', headers: [] }, composedAuth: 'digest', digest: { username: 'Mufasa', password: 'not the password' }, expectedStatus: 401 },
  // cookie-login's last step with an empty jar: no session cookie at all.
  { id: 'cookie-session-missing', call: { url: '/sandbox/cookies/me', method: 'GET', headers: [] }, jar: { cookies: [] }, expectedStatus: 401 },
  // …with the jar holding a session the server no longer knows (logged out, expired), beside another cookie.
  {
    id: 'cookie-session-unknown',
    call: { url: '/sandbox/cookies/me', method: 'GET', headers: [] },
    jar: {
      cookies: [
        { key: 'sid', value: 'a-session-the-server-forgot', domain: '127.0.0.1', path: '/sandbox/cookies', hostOnly: true, httpOnly: true, sameSite: 'lax' },
        { key: 'prefs', value: 'compact', domain: '127.0.0.1', path: '/sandbox/cookies', hostOnly: true, sameSite: 'strict' },
      ],
    },
    expectedStatus: 401,
  },
  // …and with "Send and store cookies" off.
  { id: 'cookie-session-jar-off', call: { url: '/sandbox/cookies/me', method: 'GET', headers: [] }, expectedStatus: 401 },
  // cookie-login with Follow redirects on: the session is set on the 303 and the welcome hop carries it.
  {
    id: 'cookie-login-followed',
    call: { url: '/sandbox/cookies/login', method: 'POST', headers: [['Content-Type', 'application/x-www-form-urlencoded']], body: 'user=ada&password=lovelace' },
    jar: { cookies: [] },
    followRedirects: true,
    expectedStatus: 200,
  },
  // The redirects lesson followed: a real redirect chain.
  { id: 'redirects-followed', call: { url: '/sandbox/redirect/3', method: 'GET', headers: [] }, followRedirects: true, expectedStatus: 200 },
];

/**
 * What the inspector must say (not only not contradict) for the screens issue 27 names, as
 * claims a statement makes: the check has something to compare, and the story is the right one.
 */
const MUST_SAY: Readonly<Record<string, readonly string[]>> = {
  'digest-answered': ['challenge rounds=1'],
  'digest-wrong-password': ['authorization=sent', 'refusal=authentication'],
  'sigv4-wrong-secret': ['authorization=sent', 'refusal=authentication', 'setup:sigv4=already set up'],
  'basic-wrong': ['authorization=sent', 'refusal=authentication', 'setup:basic=already set up'],
  'apikey-forbidden': ['refusal=authorization'],
  'cookie-session-missing': ['answer:cookie=cookie-jar', 'cookie=not sent', 'cookie:sid=not sent'],
  'cookie-session-unknown': ['answer:cookie=cookie-jar', 'cookie=sent', 'cookie:sid=sent'],
  'cookie-session-jar-off': ['answer:cookie=cookie-jar', 'cookie:sid=not sent'],
  'redirects-followed': ['redirects=3', 'redirected=yes'],
  'cookie-login-followed': ['redirects=1'],
};

/** One exchange as the inspector has it. */
interface Inspected {
  request: WireRequest;
  response: WireResponse;
  summary: RelaySummary;
}

async function sendAsThePageDoes(call: LessonCall, setting: SendSetting): Promise<Inspected> {
  const request: WireRequest = {
    method: call.method,
    url: new URL(call.url, sb.origin).href,
    headers: call.headers.map(([name, value]) => ({ name, value })),
    ...(call.body !== undefined ? { body: [call.body] } : {}),
  };
  const result = await sendInProcess(
    {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(setting.followRedirects ? { followRedirects: true } : {}),
      ...(setting.digest ? { digest: setting.digest } : {}),
      ...(setting.jar ? { cookies: setting.jar } : {}),
    },
    call.body !== undefined ? Buffer.from(call.body, 'utf8') : null,
  );
  if (!result.summary || !result.head) throw new Error(`${call.method} ${call.url}: ${result.error?.kind} ${result.error?.message}`);
  const response: WireResponse = { status: result.head.status, reason: result.head.reason, httpVersion: result.head.httpVersion, headers: result.head.headers, bodyText: result.body.toString('utf8') };
  return { request, response, summary: result.summary };
}

const isXml = (response: WireResponse) => /xml/i.test(response.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '');

/** Everything the inspector says about one exchange, each statement named by where it appears. */
function inspectorStatements({ request, response, summary }: Inspected, setting: SendSetting): StoryStatement[] {
  const sent = requestAsSent(request, summary.sent);
  const statements: StoryStatement[] = [];
  // The status card: summary, findings, the buttons they offer.
  for (const finding of explainResponse(sent, response, { composedAuth: setting.composedAuth ?? 'none', cookieJar: setting.jar !== undefined })) {
    const label = finding.action ? explainActionLabel(finding.action) : undefined;
    statements.push({
      source: `finding ${finding.id}`,
      text: [finding.title, finding.message, finding.next, label].filter(Boolean).join('\n'),
      ...(finding.action ? { action: finding.action } : {}),
      ...(finding.verdict ? { verdict: finding.verdict } : {}),
    });
  }
  // The SOAP fault card.
  if (response.bodyText !== undefined && isXml(response)) {
    const fault = parseSoapFault(response.bodyText);
    if (fault.ok && fault.value) {
      const meaning = describeSoapFault(fault.value);
      statements.push({ source: `SOAP fault ${fault.value.code}`, text: `${meaning.title}\n${meaning.meaning}`, verdict: meaning.verdict });
    }
  }
  // The Headers tab: each response header explained against the request as sent.
  for (const field of response.headers) {
    const explanation = explainResponseHeader(field, { request: sent, status: response.status });
    if (!explanation) continue;
    statements.push({ source: `header ${field.name}`, text: [explanation.summary, ...explanation.details.map((d) => `${d.label}: ${d.value}`)].join('\n'), ...(explanation.verdict ? { verdict: explanation.verdict } : {}) });
    for (const finding of explanation.findings) {
      statements.push({ source: `header ${field.name}: ${finding.id}`, text: `${finding.title}\n${finding.message}`, ...(finding.verdict ? { verdict: finding.verdict } : {}) });
    }
  }
  // The composer's lint of the request it built.
  for (const finding of lintRequest(request)) statements.push({ source: `lint ${finding.id}`, text: finding.message });
  // Timing and the status line's markers: the hops in words, and the relay's notes.
  const hops = describeHops(summary.hops);
  statements.push({ source: 'Timing caption', text: `Timing of the exchange over ${hops.overview}.` });
  if (hops.requests > 1) {
    statements.push({ source: 'Timing heading', text: hops.heading }, { source: 'Timing list', text: hops.listLabel }, { source: 'Headers tab', text: `This is the last of ${hops.requests} requests; ${hops.whereEarlier}.` });
  }
  if (hops.redirectMarker) statements.push({ source: 'status line redirects', text: hops.redirectMarker });
  if (hops.challengeMarker) statements.push({ source: 'status line Digest', text: hops.challengeMarker });
  summary.hops.forEach((hop, i) => hop.note && statements.push({ source: `Timing request ${i + 1} note`, text: hop.note }));
  if (summary.auth) statements.push({ source: 'auth note', text: summary.auth.message });
  return statements;
}

/**
 * The problems of one exchange, one line each, prefixed by its id and status: every
 * contradiction, and each claim of MUST_SAY no statement made.
 */
function storyProblems(id: string, inspected: Inspected, setting: SendSetting): string[] {
  const statements = inspectorStatements(inspected, setting);
  const evidence = { sentHeaders: inspected.summary.sent.headers, hops: inspected.summary.hops, response: inspected.response, composedAuth: setting.composedAuth ?? 'none' };
  const said = new Set(storyClaims(statements, evidence).filter((c) => c.source !== 'evidence').map((c) => `${c.topic}=${c.value}`));
  return [
    ...checkStory(statements, evidence).map(describeStoryContradiction),
    ...(MUST_SAY[id] ?? []).filter((claim) => !said.has(claim)).map((claim) => `nothing says ${claim}`),
  ].map((problem) => `${id} (${inspected.response.status}) ${problem}`);
}

describe('every exchange tells one story', () => {
  it('every lesson, sent as the page sends it, and every failure scenario', async () => {
    resetSandbox();
    const variables: Record<string, string> = {};
    const problems: string[] = [];
    const statuses: string[] = [];
    let lessonsChecked = 0;
    for (const lesson of LESSONS) {
      const call = await prepareLessonCall(lesson, variables, sb.origin);
      const setting: SendSetting = { composedAuth: lesson.request.auth?.scheme ?? 'none' };
      const inspected = await sendAsThePageDoes(call, setting);
      statuses.push(`${lesson.id} ${inspected.response.status}`);
      Object.assign(variables, lessonCaptures(lesson, { headers: inspected.response.headers, bodyText: inspected.response.bodyText ?? '' }));
      problems.push(...storyProblems(lesson.id, inspected, setting));
      lessonsChecked += 1;
    }
    // The exchanges are the lessons' own: each answered the status it promises.
    expect(statuses).toEqual(LESSONS.map((l) => `${l.id} ${l.expectedStatus}`));
    let scenariosChecked = 0;
    for (const scenario of FAILURE_SCENARIOS) {
      const inspected = await sendAsThePageDoes(scenario.call, scenario);
      expect(`${scenario.id} ${inspected.response.status}`, inspected.response.bodyText?.slice(0, 300)).toBe(`${scenario.id} ${scenario.expectedStatus}`);
      problems.push(...storyProblems(scenario.id, inspected, scenario));
      scenariosChecked += 1;
    }
    expect(problems).toEqual([]);
    // Every MUST_SAY entry names an exchange that ran.
    expect(Object.keys(MUST_SAY).filter((id) => !LESSONS.some((l) => l.id === id) && !FAILURE_SCENARIOS.some((f) => f.id === id))).toEqual([]);
    expect(lessonsChecked).toBe(LESSONS.length);
    expect(scenariosChecked).toBe(FAILURE_SCENARIOS.length);
  });
});
