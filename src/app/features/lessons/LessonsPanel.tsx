import { lessonById, lessonChecksSummary, type Lesson } from '../../../core';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { LessonTree } from './LessonTree';
import { openLesson } from './openLesson';
import { useLessonCaptures } from './useLessonCaptures';

/** Lessons: one request per convention, loaded into a new composer tab with a click. */
export function LessonsPanel() {
  const store = useWorkbenchApi();
  const currentId = useWorkbench((s) => s.currentLessonId);
  const current = currentId ? (lessonById(currentId) ?? null) : null;
  const checksSummary = current ? lessonChecksSummary(current) : undefined;
  useLessonCaptures();

  const open = (lesson: Lesson) => openLesson(store, lesson);

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
          {checksSummary ? <p data-testid="lesson-checks">{checksSummary} The rows are in the request&rsquo;s Checks section; results in the response&rsquo;s Checks tab.</p> : null}
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
      <LessonTree currentId={currentId} onOpen={open} />
    </div>
  );
}
