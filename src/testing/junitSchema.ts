/**
 * The common JUnit XML schema as CI servers read it, checked structurally (test-only). The
 * rules are those of Jenkins' `junit-10.xsd` (the xunit plugin's schema, which Surefire's
 * reports follow): which elements may appear where, which attributes each may carry (a
 * strict XSD validator refuses any other, e.g. `skipped` on `<testsuites>`), which are
 * required, and `time` in Surefire's number format. On top, what consumers count on but an
 * XSD cannot say: every `<testsuite>` has tests, failures, errors, skipped, time and an
 * ISO 8601 timestamp whose counts match its test cases, every `<testcase>` a classname and
 * a time, every `<failure>`/`<error>` a message and a type, and `<testsuites>` totals that
 * add up. Written by hand: no maintained XSD validator runs in plain JavaScript.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

interface Rule {
  required: readonly string[];
  allowed: readonly string[];
  children: readonly string[] | 'text';
}

const RESULT_ATTRIBUTES = ['type', 'message'];
const RULES: Readonly<Record<string, Rule>> = {
  testsuites: { required: [], allowed: ['name', 'time', 'tests', 'failures', 'errors'], children: ['testsuite'] },
  testsuite: {
    required: ['name', 'tests', 'failures', 'errors'],
    allowed: ['name', 'tests', 'failures', 'errors', 'group', 'time', 'skipped', 'timestamp', 'hostname', 'id', 'package', 'file', 'log', 'url'],
    children: ['testsuite', 'properties', 'testcase', 'system-out', 'system-err'],
  },
  properties: { required: [], allowed: [], children: ['property'] },
  property: { required: ['name', 'value'], allowed: ['name', 'value'], children: [] },
  testcase: { required: ['name'], allowed: ['name', 'time', 'classname', 'group'], children: ['skipped', 'error', 'failure', 'rerunFailure', 'rerunError', 'flakyFailure', 'flakyError', 'system-out', 'system-err'] },
  failure: { required: [], allowed: RESULT_ATTRIBUTES, children: 'text' },
  error: { required: [], allowed: RESULT_ATTRIBUTES, children: 'text' },
  skipped: { required: [], allowed: RESULT_ATTRIBUTES, children: 'text' },
  'system-out': { required: [], allowed: [], children: 'text' },
  'system-err': { required: [], allowed: [], children: 'text' },
};

/** Surefire's time format (`SUREFIRE_TIME` in junit-10.xsd). */
const SUREFIRE_TIME = /^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const COUNT = /^\d+$/;

function nameOf(node: OrderedNode): string {
  return Object.keys(node).find((k) => k !== ':@')!;
}

/**
 * Problems of `xml` as a JUnit report, each a sentence with the element's path; empty when
 * it validates. Checks well-formedness first (fast-xml-parser's validator).
 */
export function junitSchemaProblems(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed XML: ${wellFormed.err.msg} at line ${wellFormed.err.line}`];
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', commentPropName: '#comment', parseTagValue: false, parseAttributeValue: false, trimValues: false });
  const top = (parser.parse(xml) as OrderedNode[]).filter((n) => !('?xml' in n) && !('#comment' in n) && !('#text' in n && String(n['#text']).trim() === ''));
  const problems: string[] = [];
  if (top.length !== 1 || nameOf(top[0]!) !== 'testsuites') {
    problems.push(`the root must be one <testsuites>, not ${top.map((n) => `<${nameOf(n)}>`).join(', ') || 'nothing'}`);
    return problems;
  }

  /** Validates `node` and returns its case counts for the totals. */
  function visit(node: OrderedNode, path: string): { tests: number; failures: number; errors: number; skipped: number } {
    const name = nameOf(node);
    const rule = RULES[name];
    const attributes = node[':@'] ?? {};
    const here = `${path}/${name}${attributes.name !== undefined ? `[@name="${attributes.name}"]` : ''}`;
    const counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    if (!rule) {
      problems.push(`${here}: <${name}> is not an element of the JUnit schema`);
      return counts;
    }
    for (const required of rule.required) if (attributes[required] === undefined) problems.push(`${here}: the attribute ${required} is required`);
    for (const attribute of Object.keys(attributes)) if (!rule.allowed.includes(attribute)) problems.push(`${here}: the attribute ${attribute} is not allowed on <${name}>`);
    if (attributes.time !== undefined && (name === 'testsuite' || name === 'testsuites') && !SUREFIRE_TIME.test(attributes.time)) problems.push(`${here}: time "${attributes.time}" is not a Surefire time (digits, optional fraction)`);
    const children = (node[name] as OrderedNode[]) ?? [];
    for (const child of children) {
      if ('#text' in child) {
        if (rule.children !== 'text' && String(child['#text']).trim() !== '') problems.push(`${here}: <${name}> holds text, which the schema does not allow`);
        continue;
      }
      if ('#comment' in child) continue;
      const childName = nameOf(child);
      if (rule.children === 'text' || !rule.children.includes(childName)) {
        problems.push(`${here}: <${childName}> is not allowed inside <${name}>`);
        continue;
      }
      const inner = visit(child, here);
      if (childName === 'testsuite' || childName === 'testcase') for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += inner[key];
    }
    if (name === 'testcase') {
      counts.tests = 1;
      const results = children.filter((c) => !('#text' in c) && !('#comment' in c)).map(nameOf);
      counts.failures = results.includes('failure') ? 1 : 0;
      counts.errors = results.includes('error') ? 1 : 0;
      counts.skipped = results.includes('skipped') ? 1 : 0;
      if (attributes.classname === undefined) problems.push(`${here}: a testcase needs a classname (CI servers group cases by it)`);
      if (attributes.time === undefined) problems.push(`${here}: a testcase needs a time`);
      else if (!/^\d+(\.\d+)?$/.test(attributes.time)) problems.push(`${here}: time "${attributes.time}" is not a number of seconds`);
      for (const result of children.filter((c) => !('#text' in c) && !('#comment' in c) && ['failure', 'error'].includes(nameOf(c)))) {
        const a = result[':@'] ?? {};
        if (a.message === undefined || a.type === undefined) problems.push(`${here}: <${nameOf(result)}> needs a message and a type`);
      }
    }
    if (name === 'testsuite') {
      for (const key of ['tests', 'failures', 'errors', 'skipped'] as const) {
        const value = attributes[key];
        if (value === undefined) {
          if (key === 'skipped') problems.push(`${here}: the attribute skipped is expected (CI servers count skips from it)`);
          continue;
        }
        if (!COUNT.test(value)) problems.push(`${here}: ${key} "${value}" is not a count`);
        else if (Number(value) !== counts[key]) problems.push(`${here}: ${key}="${value}" but the suite holds ${counts[key]}`);
      }
      if (attributes.time === undefined) problems.push(`${here}: the attribute time is expected`);
      if (attributes.timestamp === undefined) problems.push(`${here}: the attribute timestamp is expected`);
      else if (!ISO_8601.test(attributes.timestamp)) problems.push(`${here}: timestamp "${attributes.timestamp}" is not ISO 8601`);
    }
    if (name === 'testsuites') {
      for (const key of ['tests', 'failures', 'errors'] as const) {
        const value = attributes[key];
        if (value !== undefined && Number(value) !== counts[key]) problems.push(`${here}: ${key}="${value}" but its suites add up to ${counts[key]}`);
      }
    }
    return counts;
  }

  visit(top[0]!, '');
  return [...new Set(problems)];
}
