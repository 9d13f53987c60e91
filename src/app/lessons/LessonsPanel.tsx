import { useState } from 'react';
import { LESSON_GROUPS, LESSONS, lessonToDraft, normaliseDraft, type Lesson } from '../../core';
import { useWorkbenchApi } from '../store/StoreProvider';
import { lessonDrafts } from './lessonDrafts';
import { useLessonCaptures } from './useLessonCaptures';

/** Lessons: one request per convention, loaded into a new composer tab with a click. */
export function LessonsPanel() {
  const store = useWorkbenchApi();
  const [current, setCurrent] = useState<Lesson | null>(null);
  useLessonCaptures();

  const open = (lesson: Lesson) => {
    const draft = normaliseDraft(lessonToDraft(lesson, location.origin, { now: new Date() }));
    lessonDrafts.set(draft.id, lesson.id);
    store.getState().loadDraft(draft, { newTab: true });
    setCurrent(lesson);
  };

  return (
    <div className="lessons">
      {current ? (
        <article className="lesson-card" aria-labelledby="lesson-card-title" data-testid="lesson-card">
          <h3 id="lesson-card-title">{current.title}</h3>
          <p className="lesson-convention">{current.convention}</p>
          <p>
            <strong>Teaches:</strong> {current.teaches}
          </p>
          <p>
            <strong>Look at:</strong> {current.lookAt}
          </p>
          <p className="muted">
            Expected answer: {current.expectedStatus}.{' '}
            <button type="button" className="link-button" onClick={() => open(current)}>
              Load again
            </button>{' '}
            (fresh timestamps and nonces)
          </p>
        </article>
      ) : (
        <p className="muted">Each lesson is one request against the sandbox. Pick one; it opens in a new tab, then press Send.</p>
      )}
      {LESSON_GROUPS.map((group) => {
        const lessons = LESSONS.filter((l) => l.group === group);
        if (!lessons.length) return null;
        return (
          <section key={group} aria-labelledby={`lesson-group-${group}`}>
            <h3 className="lesson-group" id={`lesson-group-${group}`}>
              {group}
            </h3>
            <ul className="lesson-list">
              {lessons.map((lesson) => (
                <li key={lesson.id}>
                  <button
                    type="button"
                    className="lesson-item"
                    aria-current={current?.id === lesson.id ? 'true' : undefined}
                    onClick={() => open(lesson)}
                  >
                    <span className="lesson-method">{lesson.request.method}</span> {lesson.title}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
