/**
 * The JUnit XML report, in the shape CI servers read (GitHub test reporters, GitLab,
 * Jenkins): one `<testsuite>` per request send (per iteration), one `<testcase>` per
 * assertion and per script test, `<failure>` for a failed check, `<error>` for a request
 * that could not be sent or a script that failed, `<skipped/>` for `pm.test.skip`. A
 * request with no checks still gets one testcase (its send), so no suite is empty. Built
 * with fast-xml-builder (the builder fast-xml-parser re-exports), which escapes text and
 * attributes; characters XML 1.0 cannot carry at all (most C0 controls) are dropped first.
 * Imported from its own package, not through fast-xml-parser: that re-export is an
 * `export *`, whose runtime helper in the page's runner chunk made Rolldown stop merging
 * shared modules into the entry chunk (issue 14: 30 more script files on the first screen).
 */
import XMLBuilder from 'fast-xml-builder';
import { stepPassed, stepTitle } from './reportSummary';
import type { RunResult, RunStepResult } from './types';

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` without the characters an XML 1.0 document cannot contain. */
function xmlText(text: string): string {
  return text.replace(NOT_XML, '');
}

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

type Node = Record<string, unknown>;

function testcase(name: string, classname: string, timeMs: number | undefined, outcome?: { tag: 'failure' | 'error'; message: string; type: string; text?: string } | 'skipped'): Node {
  const node: Node = { '@_name': xmlText(name), '@_classname': xmlText(classname), '@_time': seconds(timeMs) };
  if (outcome === 'skipped') node.skipped = '';
  else if (outcome) node[outcome.tag] = { '@_message': xmlText(outcome.message), '@_type': xmlText(outcome.type), '#text': xmlText(outcome.text ?? outcome.message) };
  return node;
}

function suiteOf(step: RunStepResult, iterations: number, timestamp: string): Node {
  const name = stepTitle(step, iterations);
  const line = `${step.method} ${step.url}`;
  const cases: Node[] = [];
  if (step.error) cases.push(testcase(`${line} was sent`, name, step.durationMs, { tag: 'error', message: step.error.message, type: step.error.kind }));
  for (const error of step.scriptErrors) {
    const where = error.line !== undefined ? ` at line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''}` : '';
    cases.push(testcase(`script (${error.kind})`, name, 0, { tag: 'error', message: `${error.message}${where}`, type: `script-${error.kind}` }));
  }
  for (const a of step.assertions) {
    const text = [a.message, a.actual !== undefined ? `actual: ${a.actual}` : undefined].filter(Boolean).join('\n');
    cases.push(testcase(a.label, name, 0, a.passed ? undefined : { tag: 'failure', message: a.message ?? `${a.label} failed`, type: 'assertion', text: text || `${a.label} failed` }));
  }
  for (const t of step.tests) {
    cases.push(testcase(t.name, name, 0, t.skipped ? 'skipped' : t.passed ? undefined : { tag: 'failure', message: t.error ?? `${t.name} failed`, type: 'test' }));
  }
  if (cases.length === 0) cases.push(step.skipped ? testcase(`${line} (skipped by its pre-request script)`, name, 0, 'skipped') : testcase(`${line} → ${step.status ?? '?'}`, name, step.durationMs));
  const count = (tag: string) => cases.filter((c) => tag in c).length;
  const suite: Node = {
    '@_name': xmlText(name),
    '@_tests': String(cases.length),
    '@_failures': String(count('failure')),
    '@_errors': String(count('error')),
    '@_skipped': String(count('skipped')),
    '@_time': seconds(step.durationMs),
    '@_timestamp': timestamp,
    properties: {
      property: [
        { '@_name': 'request', '@_value': xmlText(line) },
        { '@_name': 'status', '@_value': step.status !== undefined ? String(step.status) : '' },
        { '@_name': 'iteration', '@_value': String(step.iteration) },
        { '@_name': 'passed', '@_value': String(stepPassed(step)) },
      ],
    },
    testcase: cases,
  };
  return suite;
}

/** The JUnit XML report of `run` (UTF-8, indented). */
export function runJunitReport(run: RunResult): string {
  const suites = run.steps.map((step) => suiteOf(step, run.iterations, run.startedAt));
  const sum = (key: string) => suites.reduce((n, s) => n + Number(s[key]), 0);
  const root: Node = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    // Only the attributes the common JUnit schema (Jenkins' junit-10.xsd, Surefire) allows on <testsuites>: a strict
    // validator refuses any other, so skipped counts live on each <testsuite>, and the start time there as timestamp.
    testsuites: {
      '@_name': xmlText(run.source),
      '@_tests': String(sum('@_tests')),
      '@_failures': String(sum('@_failures')),
      '@_errors': String(sum('@_errors')),
      '@_time': seconds(run.durationMs),
      testsuite: suites,
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true, suppressBooleanAttributes: false, indentBy: '  ' });
  let xml = builder.build(root) as string;
  if (run.stopped) xml = xml.replace('<testsuites', `<!-- stopped early (${run.stopped.reason}): ${xmlText(run.stopped.message).replace(/--/g, '- -')} -->\n<testsuites`);
  return xml.endsWith('\n') ? xml : `${xml}\n`;
}
