import { describe, expect, it } from 'vitest';
import { junitSchemaProblems } from './junitSchema';

const GOOD = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="run" tests="2" failures="1" errors="0" time="0.120">
  <testsuite name="A" tests="2" failures="1" errors="0" skipped="0" time="0.120" timestamp="2024-05-06T07:08:09.123Z">
    <properties><property name="request" value="GET /"/></properties>
    <testcase name="ok" classname="A" time="0.000"/>
    <testcase name="bad" classname="A" time="0.000"><failure message="no" type="assertion">no</failure></testcase>
  </testsuite>
</testsuites>
`;

describe('the JUnit schema check', () => {
  it('accepts a report in the common shape', () => {
    expect(junitSchemaProblems(GOOD)).toEqual([]);
  });

  it('refuses what a strict XSD validator or a CI server would', () => {
    expect(junitSchemaProblems(GOOD.replace('<testsuites name="run"', '<testsuites name="run" skipped="0"'))).toEqual(['/testsuites[@name="run"]: the attribute skipped is not allowed on <testsuites>']);
    expect(junitSchemaProblems(GOOD.replace('tests="2" failures="1" errors="0" skipped', 'tests="3" failures="1" errors="0" skipped'))).toEqual(['/testsuites[@name="run"]/testsuite[@name="A"]: tests="3" but the suite holds 2']);
    expect(junitSchemaProblems(GOOD.replace('<failure message="no" type="assertion">', '<failure>'))).toContain('/testsuites[@name="run"]/testsuite[@name="A"]/testcase[@name="bad"]: <failure> needs a message and a type');
    expect(junitSchemaProblems(GOOD.replace('name="ok" classname="A" time="0.000"', 'name="ok"'))).toEqual([
      '/testsuites[@name="run"]/testsuite[@name="A"]/testcase[@name="ok"]: a testcase needs a classname (CI servers group cases by it)',
      '/testsuites[@name="run"]/testsuite[@name="A"]/testcase[@name="ok"]: a testcase needs a time',
    ]);
    expect(junitSchemaProblems(GOOD.replace('time="0.120" timestamp', 'time="1,5s" timestamp'))[0]).toMatch(/not a Surefire time/);
    expect(junitSchemaProblems(GOOD.replace('<properties>', '<note/><properties>'))[0]).toMatch(/<note> is not allowed inside <testsuite>/);
    expect(junitSchemaProblems(GOOD.replace(' timestamp="2024-05-06T07:08:09.123Z"', ''))[0]).toMatch(/timestamp is expected/);
    expect(junitSchemaProblems('<testsuite name="x" tests="0" failures="0" errors="0"/>')[0]).toMatch(/root must be one <testsuites>/);
    expect(junitSchemaProblems('<testsuites><testsuite>')[0]).toMatch(/not well-formed/);
  });
});
