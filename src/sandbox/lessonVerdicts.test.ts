/**
 * One voice: every lesson's exchange, sent through the real sandbox over loopback, is
 * explained the way the inspector explains it (the status and its findings, the SOAP
 * fault card, each response header), and no two of those explanations may state
 * different verdicts — request at fault vs server at fault, succeeded vs failed, retry
 * may succeed vs will fail, cacheable vs not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeSoapFault,
  explainResponse,
  explainResponseHeader,
  findContradictions,
  parseSoapFault,
  type StatedVerdict,
  type WireRequest,
  type WireResponse,
} from '../core';
import { lessonCaptures, LESSONS } from '../core/lessons';
import { prepareLessonCall, type LessonCall } from './lessonCalls';
import { resetSandbox } from './reset';
import { startSandboxHarness, type SandboxAnswer, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

/** Every verdict the inspector would show for this exchange, each named by where it appears. */
function statedVerdicts(request: WireRequest, response: WireResponse): StatedVerdict[] {
  const stated: StatedVerdict[] = [];
  for (const finding of explainResponse(request, response)) {
    if (finding.verdict) stated.push({ source: `finding ${finding.id}`, verdict: finding.verdict });
  }
  if (response.bodyText !== undefined && /xml/i.test(response.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '')) {
    const fault = parseSoapFault(response.bodyText);
    if (fault.ok && fault.value) stated.push({ source: `SOAP fault ${fault.value.code}`, verdict: describeSoapFault(fault.value).verdict });
  }
  for (const field of response.headers) {
    const explanation = explainResponseHeader(field, { request, status: response.status });
    if (explanation?.verdict) stated.push({ source: `header ${field.name}`, verdict: explanation.verdict });
    for (const finding of explanation?.findings ?? []) {
      if (finding.verdict) stated.push({ source: `header ${field.name}: ${finding.id}`, verdict: finding.verdict });
    }
  }
  return stated;
}

function exchangeOf(origin: string, call: LessonCall, answer: SandboxAnswer): { request: WireRequest; response: WireResponse } {
  const request: WireRequest = {
    method: call.method,
    url: new URL(call.url, origin).href,
    headers: call.headers.map(([name, value]) => ({ name, value })),
    ...(call.body !== undefined ? { body: [call.body] } : {}),
  };
  const response: WireResponse = {
    status: answer.status,
    reason: '',
    headers: answer.rawHeaders.map(([name, value]) => ({ name, value })),
    bodyText: answer.text,
  };
  return { request, response };
}

describe('every lesson\u2019s exchange is explained with one voice', () => {
  it('states no contradicting verdicts', async () => {
    resetSandbox();
    const variables: Record<string, string> = {};
    const contradictions: string[] = [];
    let withVerdicts = 0;
    for (const lesson of LESSONS) {
      const call = await prepareLessonCall(lesson, variables, sb.origin);
      const answer = await sb.call(call.url, call);
      const { request, response } = exchangeOf(sb.origin, call, answer);
      Object.assign(variables, lessonCaptures(lesson, { headers: response.headers, bodyText: answer.text }));
      const stated = statedVerdicts(request, response);
      if (stated.length) withVerdicts += 1;
      for (const c of findContradictions(stated)) {
        contradictions.push(`${lesson.id} (${answer.status}) ${c.question}: ${c.answers.map((a) => `${a.value} by ${a.sources.join(', ')}`).join(' vs ')}`);
      }
    }
    expect(contradictions).toEqual([]);
    // The check has something to compare: nearly every lesson states a verdict.
    expect(withVerdicts).toBeGreaterThan(LESSONS.length / 2);
  });
});
