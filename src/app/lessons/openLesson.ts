/** Opens a lesson's request in a new tab and shows its card in the Lessons panel. */
import type { StoreApi } from 'zustand';
import { lessonToDraft, normaliseDraft, type Lesson } from '../../core';
import type { WorkbenchState } from '../store/workbenchStore';
import { lessonDrafts } from './lessonDrafts';

/** In a new tab by default; `inPlace` loads it into the active tab (an empty tab offering it). */
export function openLesson(store: StoreApi<WorkbenchState>, lesson: Lesson, options: { inPlace?: boolean } = {}): void {
  const draft = normaliseDraft(lessonToDraft(lesson, location.origin, { now: new Date() }));
  lessonDrafts.set(draft.id, lesson.id);
  store.getState().loadDraft(draft, { newTab: !options.inPlace });
  store.getState().setUi({ currentLessonId: lesson.id });
}
