/**
 * The fixtures of `npm run compare:newman` are known-good: every collection in
 * test-data/newman, run through newman against a real sandbox on loopback, produces the
 * outcome recorded in expected-outcomes.json (requests in order, statuses, test names and
 * which of them pass), including the failures recorded on purpose.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server/listen';
import { runDifferences } from './newmanAgreement';
import { loadExpectedOutcomes, loadSuite, outcomeOf, runWithNewman, tally } from './newmanSuite';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: randomBytes(16).toString('hex') });
});
afterAll(() => server.close());

const suite = loadSuite();
const expected = loadExpectedOutcomes();

describe('test-data/newman under newman', () => {
  it('covers the features the comparison is about', () => {
    expect(suite.length).toBeGreaterThanOrEqual(5);
    expect(suite.map((e) => e.data?.split('.').pop()).filter(Boolean).sort()).toEqual(['csv', 'json']);
    expect(Object.keys(expected).sort()).toEqual(suite.map((e) => e.name).sort());
  });

  // In suite order: the collections share the sandbox, and the ones that need its seed data reset it first.
  for (const entry of suite) {
    it(`${entry.name} runs as recorded`, async () => {
      const run = await runWithNewman(entry, `${server.origin}/sandbox`);
      // One script error is on purpose: a misspelt pm.enviroment in a pre-request script, after which newman still sends the request.
      expect(run.scriptErrors).toEqual(
        entry.name === 'failing-on-purpose' ? ["Pre-request script with a typo (prerequest): Cannot read properties of undefined (reading 'set')"] : [],
      );
      expect(runDifferences(expected[entry.name]!, outcomeOf(run), 'the recording', 'newman')).toEqual([]);
      // Named in full so a recording that drifted into everything passing cannot go unnoticed.
      if (entry.name === 'failing-on-purpose') {
        expect(run.steps.flatMap((s) => s.tests.filter((t) => !t.passed).map((t) => `${s.name} / ${t.name}`))).toEqual([
          'Health check hits a 503 / Status code is 200',
          'Order schema drifted / has a currency',
          'Order schema drifted / bulk order of more than 500',
          'Legacy checks / Charles Babbage is a user',
          'A test whose code throws / reads a field that is not there',
          'Rate limit headers expected / has X-RateLimit-Remaining',
        ]);
      } else {
        expect(tally(run).failed).toBe(0);
      }
    });
  }
});
