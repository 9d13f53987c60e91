import { junitSchemaProblems } from '../../testing/junitSchema';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runHtmlReport } from './reportHtml';
import { runJsonReport } from './reportJson';
import { runJunitReport } from './reportJunit';
import { stepPassed, tallyRun } from './reportSummary';
import type { RunResult, RunStepResult } from './types';

function step(over: Partial<RunStepResult>): RunStepResult {
  return { requestId: 'r', name: 'Get user', path: ['Users'], iteration: 1, method: 'GET', url: 'http://127.0.0.1/u', status: 200, reason: 'OK', durationMs: 12, captures: [], assertions: [], tests: [], scriptErrors: [], ...over };
}

const run: RunResult = {
  source: 'shop <"&">',
  startedAt: '2026-11-26T04:00:00.000Z',
  durationMs: 40,
  iterations: 2,
  steps: [
    step({ assertions: [{ assertionId: 'a1', label: 'status == 200', passed: true, actual: '200' }], tests: [{ name: 'has id', passed: true }] }),
    step({ iteration: 2, assertions: [{ assertionId: 'a1', label: 'status == 200', passed: false, actual: '404', message: 'expected 200 <got> 404 & "more"' }], tests: [{ name: 'later', passed: false, skipped: true }] }),
    step({ requestId: 'q', name: 'Create\u0007 order', path: [], status: undefined, error: { kind: 'refused', message: 'Connection refused' } }),
    step({ requestId: 's', name: 'Scripted', path: [], tests: [{ name: 'body ok', passed: false, error: 'expected 1 to equal 2' }], scriptErrors: [{ kind: 'syntax', message: 'Unexpected token', line: 3, column: 7 }] }),
    step({ requestId: 'n', name: 'No checks', path: [] }),
  ],
};

describe('tallyRun', () => {
  it('counts requests, checks and failures the way every report says them', () => {
    expect(tallyRun(run)).toEqual({ requests: 5, notSent: 1, assertions: { total: 2, failed: 1 }, tests: { total: 3, failed: 1, skipped: 1 }, scriptErrors: 1, failedSteps: 3 });
    expect(stepPassed(run.steps[0]!)).toBe(true);
    expect(stepPassed(run.steps[4]!)).toBe(true);
  });
});

describe('runJsonReport', () => {
  it('is the run itself with its totals', () => {
    const parsed = JSON.parse(runJsonReport(run));
    expect(parsed.format).toBe('wirebench-run');
    const { stats, timings, executions, failures, error, ...own } = parsed.run;
    expect(own).toEqual(run);
    expect([stats, timings, executions, failures, error].every((v) => v !== undefined)).toBe(true);
    expect(parsed.tally.failedSteps).toBe(3);
  });

  it("carries newman's JSON reporter members: run.stats, run.timings, run.executions and run.failures", () => {
    const parsed = JSON.parse(runJsonReport(run));
    expect(parsed.collection.info.name).toBe(run.source);
    expect(parsed.run.stats.requests).toEqual({ total: 5, pending: 0, failed: 1 });
    expect(parsed.run.stats.assertions).toEqual({ total: 5, pending: 0, failed: 2 });
    expect(parsed.run.stats.iterations.total).toBe(run.iterations);
    expect(parsed.run.executions).toHaveLength(5);
    expect(parsed.run.executions[0]).toMatchObject({ cursor: { iteration: 0, position: 0 }, item: { name: 'Get user' }, request: { method: 'GET' }, response: { code: 200 } });
    expect(parsed.run.executions[1].assertions).toEqual([
      { assertion: 'status == 200', skipped: false, error: { name: 'AssertionError', message: 'expected 200 <got> 404 & "more"', test: 'status == 200' } },
      { assertion: 'later', skipped: true },
    ]);
    expect(parsed.run.failures.map((f: { at: string; error: { name: string } }) => [f.at, f.error.name])).toEqual([
      ['assertion:0', 'AssertionError'],
      ['request', 'refused'],
      ['script', 'SyntaxError'],
      ['assertion:0', 'AssertionError'],
    ]);
    expect(parsed.run.timings.started).toBe(Date.parse(run.startedAt));
  });
});

describe('runJunitReport', () => {
  const xml = runJunitReport(run);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testsuite' || name === 'testcase' || name === 'property' }).parse(xml);

  it('is valid XML that parses back with one suite per send and one case per check', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const suites = doc.testsuites.testsuite;
    expect(doc.testsuites.name).toBe('shop <"&">');
    expect(suites.map((s: { name: string }) => s.name)).toEqual(['Users / Get user (iteration 1)', 'Users / Get user (iteration 2)', 'Create order (iteration 1)', 'Scripted (iteration 1)', 'No checks (iteration 1)']);
    expect(suites[0].testcase.map((c: { name: string }) => c.name)).toEqual(['status == 200', 'has id']);
    expect(doc.testsuites.tests).toBe('8');
    expect(doc.testsuites.failures).toBe('2');
    expect(doc.testsuites.errors).toBe('2');
    expect(doc.testsuites.skipped).toBeUndefined();
    expect(junitSchemaProblems(xml)).toEqual([]);
  });

  it('carries failure messages escaped, errors for unsent requests and script errors, and skips', () => {
    const suites = doc.testsuites.testsuite;
    const failed = suites[1].testcase[0];
    expect(failed.failure.message).toBe('expected 200 <got> 404 & "more"');
    expect(failed.failure['#text']).toContain('actual: 404');
    expect(suites[1].testcase[1].skipped).toBe('');
    expect(suites[2].testcase[0].error.type).toBe('refused');
    expect(suites[2].testcase[0].error.message).toBe('Connection refused');
    expect(suites[3].testcase[0].error.message).toBe('Unexpected token at line 3, column 7');
    expect(suites[3].testcase[1].failure.message).toBe('expected 1 to equal 2');
    expect(suites[4].testcase[0].name).toBe('GET http://127.0.0.1/u → 200');
  });

  it('notes a run that stopped early', () => {
    const stopped = runJunitReport({ ...run, stopped: { reason: 'bail', message: 'stopped -- after the first failure' } });
    expect(XMLValidator.validate(stopped)).toBe(true);
    expect(stopped).toContain('<!-- stopped early (bail)');
  });
});

describe('runHtmlReport', () => {
  const html = runHtmlReport(run);
  it('is one self-contained document: no script, no external asset', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
  });
  it('escapes every text it shows', () => {
    expect(html).toContain('shop &lt;&quot;&amp;&quot;&gt;');
    expect(html).toContain('expected 200 &lt;got&gt; 404 &amp; &quot;more&quot;');
    expect(html).not.toContain('<got>');
  });
  it('opens failed steps and says how many failed', () => {
    expect(html).toContain('3 of 5 requests failed.');
    expect((html.match(/<details open>/g) ?? []).length).toBe(3);
  });
});
