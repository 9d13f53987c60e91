import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonCaptures, LESSONS } from '../core/lessons';
import { ENDPOINT_CATALOG } from './endpointCatalog';
import { prepareLessonCall } from './lessonCalls';
import { lessonsFor } from './lessonsPage';
import { resetSandbox } from './reset';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

describe('the lessons, run in order against a fresh sandbox', () => {
  it('each answers the status it promises, capturing what later lessons use', async () => {
    resetSandbox();
    const variables: Record<string, string> = {};
    const seen: string[] = [];
    for (const lesson of LESSONS) {
      const request = await prepareLessonCall(lesson, variables, sb.origin);
      const answer = await sb.call(request.url, request);
      seen.push(`${lesson.id} ${answer.status}`);
      expect(`${lesson.id} ${answer.status}`, answer.text.slice(0, 300)).toBe(`${lesson.id} ${lesson.expectedStatus}`);
      const captured = lessonCaptures(lesson, { headers: answer.rawHeaders.map(([name, value]) => ({ name, value })), bodyText: answer.text });
      for (const capture of lesson.captures ?? []) expect(typeof captured[capture.variable], `${lesson.id} captures ${capture.variable}`).toBe('string');
      Object.assign(variables, captured);
    }
    expect(seen).toHaveLength(LESSONS.length);
  });
});

describe('the endpoint catalog', () => {
  it('lists only endpoints that exist', async () => {
    for (const entry of ENDPOINT_CATALOG.flatMap((s) => s.entries)) {
      const answer = await sb.call(entry.example ?? entry.path, { method: entry.methods.startsWith('GET') || entry.methods === 'any' ? 'GET' : 'OPTIONS' });
      expect(answer.status, entry.path).not.toBe(404);
    }
  });

  it('gives every lesson a home on the index page', () => {
    const placed = new Set(ENDPOINT_CATALOG.flatMap((s) => s.entries).flatMap((e) => lessonsFor(e).map((l) => l.id)));
    // The wrong-endpoint lesson aims at a URL that deliberately is no endpoint; RFC 8414's
    // metadata URL is at the origin's root, listed beside the discovery document.
    expect(LESSONS.filter((l) => !placed.has(l.id)).map((l) => l.id)).toEqual(['oauth-metadata-path-insertion', 'soap-wrong-endpoint']);
  });

  it('renders /sandbox as an HTML page with every endpoint, its lessons, and no script', async () => {
    for (const path of ['/sandbox', '/sandbox/']) {
      const page = await sb.call(path);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.text).not.toMatch(/<script/i);
      expect(page.text).toContain('/sandbox/api/users/{id}/orders/{orderId}');
      expect(page.text).toContain('PUT creates, then replaces: idempotent');
      // Lesson text with markup is escaped, not rendered.
      expect(page.text).toContain('carries a &lt;script&gt; and an onerror handler');
    }
  });
});
