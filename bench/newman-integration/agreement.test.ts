/**
 * The CI-sized subset of `npm run compare:newman`: some of newman's integration suites (CSV
 * and JSON data, globals and environment files, disabled and duplicate variables, collection
 * and folder variables and scripts, Sugar's prototypes, Postman's redirect rules, uploads,
 * OAuth 1.0 and Hawk signatures, whatwg-url's URL cases), each run by newman
 * and by `wirebench run` against the loopback stand-ins. Fails when fewer assertions come
 * out the same than recorded in ci-subset.json (outcome counts only, never time). Raise the
 * recorded numbers when Wirebench agrees on more.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareSuites } from './compareSuites';

const here = path.dirname(fileURLToPath(import.meta.url));
const recorded = JSON.parse(readFileSync(path.join(here, 'ci-subset.json'), 'utf8')) as Record<string, { same: number; total: number }>;

describe("newman's integration suites, CI subset", () => {
  it('agrees with newman on at least as many assertions as recorded', { timeout: 600_000 }, async () => {
    const results = await compareSuites(Object.keys(recorded));
    const got = Object.fromEntries(results.map((r) => [r.name, { same: r.agreement.same, total: r.agreement.total }]));
    for (const [name, want] of Object.entries(recorded)) {
      const have = got[name]!;
      // The total is newman's own count: a change there means the suite or the stand-ins changed, not Wirebench.
      expect(have.total, `${name}: assertions reported`).toBe(want.total);
      expect(have.same, `${name}: assertions with the same outcome (differences: ${results.find((r) => r.name === name)!.differences.join(' | ')})`).toBeGreaterThanOrEqual(want.same);
    }
    // Something was compared: a subset whose assertions all vanished cannot pass.
    expect(results.reduce((n, r) => n + r.agreement.total, 0)).toBeGreaterThan(20);
  });
});
