import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import { LESSONS } from './lessons';
import { lessonCaptures, lessonToDraft } from './lessonDraft';

const now = new Date('2026-11-21T10:00:00Z');

describe('lessonToDraft', () => {
  it('makes every lesson a complete draft against the given origin, with no dynamic placeholder left', () => {
    for (const lesson of LESSONS) {
      const draft = normaliseDraft(lessonToDraft(lesson, 'http://127.0.0.1:4780', { now }));
      expect(JSON.stringify(draft)).not.toMatch(/\{\{\$/);
      // A gRPC lesson opens as its call, aimed at the sandbox's gRPC port (grpcLessons.test.ts).
      if (lesson.grpc) continue;
      expect(draft.url.startsWith('http://127.0.0.1:4780/')).toBe(true);
      expect(draft.method).toBe(lesson.request.method);
    }
  });

  it('puts a JSON body in the JSON editor and a form body in the form table', () => {
    const json = LESSONS.find((l) => l.request.headers.some((h) => /json/i.test(h.value) && /content-type/i.test(h.name)) && l.request.body);
    const form = LESSONS.find((l) => l.request.headers.some((h) => /x-www-form-urlencoded/i.test(h.value)) && l.request.body);
    expect(json && form).toBeTruthy();
    const jsonDraft = normaliseDraft(lessonToDraft(json!, 'http://x', { now }));
    expect(jsonDraft.body.kind).toBe('json');
    expect(jsonDraft.body.texts.json).toBe(json!.request.body);
    const formDraft = normaliseDraft(lessonToDraft(form!, 'http://x', { now }));
    expect(formDraft.body.kind).toBe('form');
    expect(formDraft.body.form.length).toBeGreaterThan(0);
  });
});

describe('lessonCaptures', () => {
  const base = LESSONS[0]!;
  const answer = (bodyText: string, headers: { name: string; value: string }[] = []) => ({ headers, bodyText });

  it('keeps the declared top-level members of a JSON answer', () => {
    const lesson = { ...base, captures: [{ variable: 'rt', jsonField: 'refresh_token' }, { variable: 'n', jsonField: 'expires_in' }, { variable: 'x', jsonField: 'missing' }] };
    expect(lessonCaptures(lesson, answer('{"refresh_token": "r1", "expires_in": 60, "other": 1}'))).toEqual({ rt: 'r1', n: '60' });
    expect(lessonCaptures(lesson, answer('not json'))).toEqual({});
    expect(lessonCaptures(lesson, answer('null'))).toEqual({});
  });

  it('reads a query parameter of the Location header and a form field of an HTML page', () => {
    const lesson = { ...base, captures: [{ variable: 'code', locationParam: 'code' }, { variable: 'interaction', formField: 'interaction' }] };
    const html = '<form><input type="hidden" name="interaction" value="ia_a&amp;b"><input name="other" value="no"></form>';
    const location = { name: 'Location', value: 'http://127.0.0.1/oauth/callback?code=ac_1%2B2&state=s' };
    expect(lessonCaptures(lesson, answer(html, [location]))).toEqual({ code: 'ac_1+2', interaction: 'ia_a&b' });
    expect(lessonCaptures(lesson, answer('<p>nothing</p>'))).toEqual({});
  });
});
