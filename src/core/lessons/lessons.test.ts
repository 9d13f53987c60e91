import { describe, expect, it } from 'vitest';
import { applyAuth, findVariables, isAuthToken, parseJson } from '..';
import { expandLessonPlaceholders, LESSON_DYNAMIC_VALUES, LESSON_EXPIRED_TOKEN, LESSON_GROUPS, LESSONS, lessonById } from '.';

const NOW = new Date(Date.UTC(2024, 4, 1, 9, 30, 15, 500));
const fixedBytes = (n: number) => new Uint8Array(n).fill(1);

/** Every text of a lesson request that may hold placeholders. */
function textsOf(lesson: (typeof LESSONS)[number]): string[] {
  return [lesson.request.url, lesson.request.body ?? '', ...lesson.request.headers.map((h) => h.value), ...Object.values(lesson.request.auth?.values ?? {})];
}

describe('LESSONS', () => {
  it('has one lesson per convention, each with an id, a text and a request into the sandbox', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    for (const lesson of LESSONS) {
      expect(lesson.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(lesson.title && lesson.convention && lesson.teaches && lesson.lookAt, lesson.id).toBeTruthy();
      // RFC 8414's metadata URL sits at the origin's root, before the issuer's path.
      expect(lesson.request.url.startsWith('/sandbox') || lesson.request.url === '/.well-known/oauth-authorization-server/sandbox/oauth', lesson.id).toBe(true);
      expect(lesson.expectedStatus).toBeGreaterThanOrEqual(200);
      for (const h of lesson.request.headers) expect(isAuthToken(h.name), `${lesson.id}: ${h.name}`).toBe(true);
    }
  });

  it('lists groups in sidebar order, each group in one run', () => {
    const order = LESSONS.map((l) => l.group).filter((g, i, all) => all[i - 1] !== g);
    expect(order).toEqual([...LESSON_GROUPS]);
  });

  it('covers every auth scheme and every error status the spec names', () => {
    const schemes = new Set(LESSONS.map((l) => l.request.auth?.scheme).filter(Boolean));
    expect([...schemes].sort()).toEqual(['apikey', 'basic', 'bearer', 'custom', 'jwt', 'sigv4']);
    const statuses = new Set(LESSONS.map((l) => l.expectedStatus));
    for (const status of [200, 201, 204, 302, 400, 401, 403, 404, 405, 413, 415, 422, 500, 503]) expect(statuses.has(status), String(status)).toBe(true);
  });

  it('uses only variables an earlier lesson captured, and only known dynamic values', () => {
    const captured = new Set<string>();
    for (const lesson of LESSONS) {
      for (const text of textsOf(lesson)) {
        for (const ref of findVariables(text)) {
          if (ref.name.startsWith('$')) expect(Object.keys(LESSON_DYNAMIC_VALUES), `${lesson.id}: ${ref.name}`).toContain(ref.name);
          else expect(captured.has(ref.name), `${lesson.id} uses {{${ref.name}}} before any lesson captures it`).toBe(true);
        }
      }
      for (const capture of lesson.captures ?? []) captured.add(capture.variable);
      for (const capture of lesson.checks?.captures ?? []) captured.add(capture.variable);
    }
  });

  it('has auth values the core scheme descriptors accept, and JSON bodies that parse where the lesson expects success', () => {
    for (const lesson of LESSONS) {
      const fill = (text: string) => expandLessonPlaceholders(text, { now: NOW, randomBytes: fixedBytes }).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => (name === 'access_token' ? LESSON_EXPIRED_TOKEN : 'rt_abc'));
      if (lesson.request.auth) {
        const values = Object.fromEntries(Object.entries(lesson.request.auth.values).map(([k, v]) => [k, fill(v)]));
        const applied = applyAuth(lesson.request.auth.scheme, values);
        expect(applied.ok, `${lesson.id}: ${applied.ok ? '' : applied.error.message}`).toBe(true);
      }
      const type = lesson.request.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
      if (type.includes('json') && lesson.expectedStatus < 400) expect(parseJson(fill(lesson.request.body ?? '')).ok, lesson.id).toBe(true);
    }
  });

  it('finds a lesson by id', () => {
    expect(lessonById('put-idempotent')?.request.method).toBe('PUT');
    expect(lessonById('nope')).toBeUndefined();
  });
});

describe('expandLessonPlaceholders', () => {
  it('fills the dynamic values and leaves captured variables for substitution', () => {
    let calls = 0;
    const random = (n: number) => new Uint8Array(n).fill(++calls);
    const text = 'ts={{$timestamp}} at {{ $isoTimestamp }} n={{$nonce}} m={{$nonce}} t={{refresh_token}}';
    expect(expandLessonPlaceholders(text, { now: NOW, randomBytes: random })).toBe(
      'ts=1714555815 at 2024-05-01T09:30:15Z n=AQEBAQEBAQEBAQEBAQEBAQ== m=AgICAgICAgICAgICAgICAg== t={{refresh_token}}',
    );
  });

  it('uses WebCrypto for nonces by default and refuses an invalid date', () => {
    const [a, b] = [0, 1].map(() => expandLessonPlaceholders('{{$nonce}}', { now: NOW }));
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
    expect(() => expandLessonPlaceholders('x', { now: new Date(NaN) })).toThrow(TypeError);
  });
});
