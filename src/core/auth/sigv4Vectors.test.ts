/**
 * AWS's SigV4 test suite (test-data/sigv4, see its SOURCE.md): every request signed, and
 * its canonical request, string to sign and Authorization header equal to AWS's files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { utf8Encode } from '../encoding';
import type { HeaderField } from '../types';
import { signSigV4Input } from './sigv4';
import { parseSigV4Query, type SigV4Input } from './sigv4Input';
import type { SigV4Settings } from './sigv4Scheme';

const suiteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-data/sigv4');

/** The suite's credentials and moment (its README: AKIDEXAMPLE, us-east-1, service "service"). */
const SUITE: SigV4Settings = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
  unsignedPayload: false,
};
const SUITE_DATE = new Date(Date.UTC(2015, 7, 30, 12, 36, 0));

/** Folders holding a `<name>.req`, at any depth. */
function vectorDirs(dir: string): string[] {
  const here = readdirSync(dir).some((f) => f === `${path.basename(dir)}.req`) ? [dir] : [];
  const below = readdirSync(dir)
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isDirectory())
    .flatMap(vectorDirs);
  return [...here, ...below];
}

/**
 * Reads a suite `.req`: the request line (its target may hold spaces, as in get-space),
 * `Name:value` lines, then a blank line and the body. A folded continuation line (only in
 * get-header-value-multiline) is read as one more value of the header above, which is how
 * the suite's canonical request combines it (`value1,value2,value3`).
 */
function readRequest(text: string): SigV4Input {
  const blank = text.indexOf('\n\n');
  const head = (blank < 0 ? text : text.slice(0, blank)).split('\n');
  const body = blank < 0 ? '' : text.slice(blank + 2);
  const line = head[0]!;
  const method = line.slice(0, line.indexOf(' '));
  const target = line.slice(method.length + 1, line.lastIndexOf(' '));
  const headers: HeaderField[] = [];
  for (const raw of head.slice(1)) {
    if (/^\s/.test(raw)) headers.push({ name: headers[headers.length - 1]!.name, value: raw.trim() });
    else headers.push({ name: raw.slice(0, raw.indexOf(':')), value: raw.slice(raw.indexOf(':') + 1) });
  }
  const question = target.indexOf('?');
  const host = headers.find((h) => h.name.toLowerCase() === 'host')!.value;
  return {
    method,
    protocol: 'https:',
    hostname: host,
    path: question < 0 ? target : target.slice(0, question),
    query: question < 0 ? [] : parseSigV4Query(target.slice(question + 1)),
    headers,
    ...(body !== '' ? { body: utf8Encode(body) } : {}),
  };
}

const vectors = vectorDirs(suiteDir).map((dir) => {
  const name = path.basename(dir);
  const file = (ext: string) => readFileSync(path.join(dir, `${name}.${ext}`), 'utf8');
  return { name, dir: path.relative(suiteDir, dir), file };
});

describe('AWS SigV4 test suite', () => {
  it('has the suite', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(30);
    expect(vectors.map((v) => v.name)).toEqual(
      expect.arrayContaining(['get-vanilla', 'get-vanilla-query-order-key-case', 'post-x-www-form-urlencoded', 'get-header-value-trim', 'get-slash-dot-slash', 'post-sts-header-before']),
    );
  });

  it.each(vectors.map((v) => [v.dir, v] as const))('%s', async (_dir, vector) => {
    const input = readRequest(vector.file('req'));
    // The "before" case signs the session token as a header; the "after" case adds it after signing.
    const token = input.headers.find((h) => h.name.toLowerCase() === 'x-amz-security-token')?.value;
    const settings = token ? { ...SUITE, sessionToken: token } : SUITE;
    const signed = await signSigV4Input(input, settings, SUITE_DATE);
    expect(signed.canonicalRequest).toBe(vector.file('creq'));
    expect(signed.stringToSign).toBe(vector.file('sts'));
    expect(signed.authorization).toBe(vector.file('authz'));
    expect(vector.file('sreq')).toContain(`Authorization: ${signed.authorization}`);
  });
});
