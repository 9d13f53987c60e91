/** The lesson an empty response pane suggests (loaded on demand with the lessons' content). */
import type { StoreApi } from 'zustand';
import { LESSONS } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { openLesson } from './openLesson';

export interface LessonSuggestion {
  title: string;
  /** Loads the lesson into the active (empty) tab. */
  open(): void;
}

export function lessonSuggestion(store: StoreApi<WorkbenchState>): LessonSuggestion | undefined {
  const lesson = LESSONS.find((l) => l.group === 'Methods and resources') ?? LESSONS[0];
  return lesson ? { title: lesson.title, open: () => openLesson(store, lesson, { inPlace: true }) } : undefined;
}
