import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import { LESSONS } from './lessons';
import { lessonCaptures, lessonToDraft } from './lessonDraft';

const now = new Date('2026-11-21T10:00:00Z');

describe('lessonToDraft', () => {
  it('makes every lesson a complete draft against the given origin, with no dynamic placeholder left', () => {
    for (const lesson of LESSONS) {
      const draft = normaliseDraft(lessonToDraft(lesson, 'http://127.0.0.1:4780', { now }));
      expect(draft.url.startsWith('http://127.0.0.1:4780/')).toBe(true);
      expect(draft.method).toBe(lesson.request.method);
      expect(JSON.stringify(draft)).not.toMatch(/\{\{\$/);
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
  it('keeps the declared top-level members of a JSON answer', () => {
    const lesson = LESSONS.find((l) => l.captures?.length)!;
    const answer = Object.fromEntries(lesson.captures!.map((c) => [c.jsonField, `value of ${c.jsonField}`]));
    const expected = Object.fromEntries(lesson.captures!.map((c) => [c.variable, `value of ${c.jsonField}`]));
    expect(lessonCaptures(lesson, { ...answer, other: 1 })).toEqual(expected);
    expect(lessonCaptures(lesson, null)).toEqual({});
  });
});
