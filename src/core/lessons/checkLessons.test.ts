/**
 * The check lessons (issue 18): their captures and assertions are what a saved request may
 * carry, and against the real sandbox on loopback they come out as the lesson text says —
 * evaluated by core/run over the real exchange, the way the app's Checks tab and the CLI do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import { evaluateAssertions, evaluateCaptures, exchangeView, type ExchangeView } from '../run';
import { validateWorkspaceRecord, storedWorkspaceRecord } from '../workspace/schema';
import type { Collection } from '../workspace/model';
import { prepareLessonCall, type LessonCall } from '../../sandbox/lessonCalls';
import { resetSandbox } from '../../sandbox/reset';
import { startSandboxHarness, type SandboxHarness } from '../../testing/sandboxHarness';
import { CHECK_LESSONS, CHECKS_TOKEN_VARIABLE, LESSON_OTHER_AUDIENCE_TOKEN, lessonById, lessonCaptures, lessonChecksSummary, lessonToDraft, LESSONS, type Lesson } from '.';

const byId = (id: string): Lesson => CHECK_LESSONS.find((l) => l.id === id)!;

describe('the check lessons as data', () => {
  it('are in the lesson list, in the Checks and chains group, each with assertions', () => {
    expect(CHECK_LESSONS.map((l) => l.id)).toEqual(['checks-capture-token', 'checks-reuse-token', 'checks-challenge', 'checks-conforms-fails']);
    for (const lesson of CHECK_LESSONS) {
      expect(LESSONS).toContain(lesson);
      expect(lesson.group).toBe('Checks and chains');
      expect(lesson.checks?.assertions?.length, lesson.id).toBeGreaterThan(0);
    }
  });

  it('carry checks a saved request may carry: the stored-record schema takes them back unchanged', () => {
    const collection: Collection = {
      id: 'lessons',
      name: 'Lessons',
      variables: [],
      items: CHECK_LESSONS.map((lesson) => ({
        kind: 'request' as const,
        id: lesson.id,
        name: lesson.title,
        requestType: 'http' as const,
        draft: normaliseDraft(lessonToDraft(lesson, 'http://127.0.0.1:4780', { now: new Date(Date.UTC(2026, 0, 1)) })),
        ...(lesson.checks?.captures ? { captures: [...lesson.checks.captures] } : {}),
        ...(lesson.checks?.assertions ? { assertions: [...lesson.checks.assertions] } : {}),
      })),
    };
    const raw = JSON.parse(JSON.stringify(storedWorkspaceRecord('collection', collection)));
    expect(validateWorkspaceRecord('collection', raw)).toEqual({ ok: true, value: collection });
  });

  it('name only assertions they have as failing on purpose, and capture the token as a secret of the run', () => {
    for (const lesson of CHECK_LESSONS) {
      const ids = new Set(lesson.checks?.assertions?.map((a) => a.id));
      for (const id of lesson.checks?.failsOnPurpose ?? []) expect(ids.has(id), `${lesson.id}: ${id}`).toBe(true);
    }
    expect(byId('checks-capture-token').checks?.captures).toEqual([expect.objectContaining({ variable: CHECKS_TOKEN_VARIABLE, scope: 'run', secret: true, from: { kind: 'jsonpath', path: '$.access_token' } })]);
  });
});

describe('lessonChecksSummary', () => {
  it('counts captures and assertions and says which fail on purpose; nothing for a lesson without checks', () => {
    expect(lessonChecksSummary(byId('checks-capture-token'))).toBe('Checks: 1 capture and 4 assertions run after each send.');
    expect(lessonChecksSummary(byId('checks-conforms-fails'))).toBe('Checks: 2 assertions run after each send (1 fails on purpose).');
    expect(lessonChecksSummary(lessonById('basic-ok')!)).toBeUndefined();
  });
});

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

/** The exchange as core/run reads it, from the call as sent and the answer as received. */
async function send(call: LessonCall): Promise<{ view: ExchangeView; answer: Awaited<ReturnType<SandboxHarness['call']>> }> {
  const answer = await sb.call(call.url, call);
  const view = exchangeView({
    request: { method: call.method, url: new URL(call.url, sb.origin).href, headers: call.headers.map(([name, value]) => ({ name, value })), ...(call.body !== undefined ? { bodyText: call.body } : {}) },
    response: { status: answer.status, reason: '', headers: answer.rawHeaders.map(([name, value]) => ({ name, value })) },
    body: { bytes: new Uint8Array(answer.body) },
  });
  return { view, answer };
}

describe('the check lessons against the sandbox', () => {
  it('capture the token, reuse it, and pass or fail each assertion as the lesson says', async () => {
    resetSandbox();
    const variables: Record<string, string> = {};
    const outcomes: string[] = [];
    for (const lesson of CHECK_LESSONS) {
      const { view, answer } = await send(await prepareLessonCall(lesson, variables, sb.origin));
      expect(answer.status, `${lesson.id}: ${answer.text.slice(0, 200)}`).toBe(lesson.expectedStatus);
      for (const capture of evaluateCaptures(lesson.checks?.captures ?? [], view)) {
        expect(capture.error, `${lesson.id} ${capture.variable}`).toBeUndefined();
        variables[capture.variable] = capture.value!;
      }
      const failing = new Set(lesson.checks?.failsOnPurpose ?? []);
      for (const result of evaluateAssertions(lesson.checks?.assertions ?? [], view)) {
        outcomes.push(`${lesson.id} ${result.label}: ${result.passed ? 'passed' : 'failed'}`);
        expect(result.passed, `${lesson.id} ${result.label}: ${result.message ?? ''}`).toBe(!failing.has(result.assertionId));
        if (!result.passed) expect(result.message).toBe('1 finding against the conventions: Sent Bearer, server asks for JWT (error).');
      }
    }
    expect(variables[CHECKS_TOKEN_VARIABLE]).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(outcomes).toHaveLength(13);
  });

  it('mask the captured token: it is a secret by the capture and by its kind', async () => {
    const { view } = await send(await prepareLessonCall(byId('checks-capture-token'), {}, sb.origin));
    const [result] = evaluateCaptures(byId('checks-capture-token').checks!.captures!, view);
    expect(result).toMatchObject({ variable: CHECKS_TOKEN_VARIABLE, scope: 'run', secret: true });
  });

  it('hand the token on through lessonCaptures for the lessons run in order, and leave it out when the app asks', async () => {
    const lesson = byId('checks-capture-token');
    const { answer } = await send(await prepareLessonCall(lesson, {}, sb.origin));
    const parts = { status: answer.status, headers: answer.rawHeaders.map(([name, value]) => ({ name, value })), bodyText: answer.text };
    expect(lessonCaptures(lesson, parts)).toEqual({ [CHECKS_TOKEN_VARIABLE]: answer.json.access_token });
    expect(lessonCaptures(lesson, parts, { checks: false })).toEqual({});
  });

  it('fail the challenge assertions for a 401 that forgot WWW-Authenticate (the same answer, the header dropped)', async () => {
    const lesson = byId('checks-challenge');
    const { view } = await send(await prepareLessonCall(lesson, {}, sb.origin));
    const forgetful: ExchangeView = { ...view, headers: view.headers.filter((h) => h.name.toLowerCase() !== 'www-authenticate') };
    const results = evaluateAssertions(lesson.checks!.assertions!, forgetful);
    expect(results.map((r) => [r.label, r.passed])).toEqual([
      ['status == 401', true],
      ['header WWW-Authenticate exists', false],
      ['header WWW-Authenticate matches ^Bearer realm=', false],
      ['conforms to the conventions', false],
    ]);
    expect(results[3]!.message).toMatch(/401 without WWW-Authenticate \(error\)/);
  });

  it('fail the reuse assertions when the token is not one this API accepts', async () => {
    const lesson = byId('checks-reuse-token');
    const { view } = await send(await prepareLessonCall(lesson, { [CHECKS_TOKEN_VARIABLE]: LESSON_OTHER_AUDIENCE_TOKEN }, sb.origin));
    const results = evaluateAssertions(lesson.checks!.assertions!, view);
    expect(results.map((r) => r.passed)).toEqual([false, false, false]);
    expect(results[0]!.message).toBe('Expected 200, got 401.');
  });
});
