/**
 * The inputs that once made parsers quadratic (see `scalingInputs.ts`) are still read, whole
 * and right, at 1 MB. How their time grows with size is measured by `npm run bench:scaling`
 * (a ratio of timings is benchmark material: a loaded machine must not fail the suite).
 */
import { describe, expect, it } from 'vitest';
import { parseChallenges } from './auth/challenges';
import { parseHttpFile } from './formats/httpFile';
import { scalingInputs } from './scalingInputs';
import { readXmlDocument } from './soap/xmlTree';

describe('parsers read the inputs that once made them quadratic', () => {
  it('the XML reader: one element with many attributes (plain and with references)', () => {
    const parsed = readXmlDocument(scalingInputs.xmlAttributes.make(1_000_000));
    expect(parsed.ok).toBe(true);
  });

  it('the challenge parser: a WWW-Authenticate with many quoted params', () => {
    const parsed = parseChallenges(scalingInputs.challengeParams.make(1_000_000));
    expect(parsed.ok && parsed.value[0]!.params.length).toBeGreaterThan(10_000);
  });

  it('.http files: thousands of variables, each naming the one before', () => {
    const parsed = parseHttpFile(scalingInputs.httpFileVariables.make(1_000_000));
    expect(parsed.ok && parsed.value.collection.variables.length).toBeGreaterThan(10_000);
  });
});
