/**
 * Opens a lesson's request in a new tab and shows its card in the Lessons panel. A lesson
 * with checks (captures and assertions) gives the tab its own copy of them, as opening a
 * saved request does, so the send runs them and the inspector's Checks tab shows results.
 */
import type { StoreApi } from 'zustand';
import { draftWithUrl, lessonToDraft, normaliseDraft, type Lesson } from '../../../core';
import type { RequestChecks } from '../checks/checksModel';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { lessonDrafts } from './lessonDrafts';

/** The tab's checks for `lesson`: fresh copies, since the lesson's own objects are shared by every tab that opens it. */
export function lessonTabChecks(lesson: Lesson): RequestChecks {
  return {
    captures: structuredClone([...(lesson.checks?.captures ?? [])]),
    assertions: structuredClone([...(lesson.checks?.assertions ?? [])]),
    scripts: [],
  };
}

/** In a new tab by default; `inPlace` loads it into the active tab (an empty tab offering it). */
export function openLesson(store: StoreApi<WorkbenchState>, lesson: Lesson, options: { inPlace?: boolean } = {}): void {
  const draft = normaliseDraft(lessonToDraft(lesson, location.origin, { now: new Date() }));
  lessonDrafts.set(draft.id, lesson.id);
  store.getState().loadDraft(draft, { newTab: !options.inPlace });
  // In place, the tab's earlier checks belong to the request it held before: replaced even when the lesson has none.
  if (lesson.checks || options.inPlace) store.getState().setTabChecks(store.getState().activeTabId, lessonTabChecks(lesson));
  store.getState().setUi({ currentLessonId: lesson.id });
  if (lesson.grpc) void aimAtSandboxGrpc(store, store.getState().activeTabId);
}

/** A gRPC lesson's tab aimed at where the sandbox's gRPC server runs; left as it is (the composer says why on Invoke) when it is not running. */
async function aimAtSandboxGrpc(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  const info = (await fetch('/sandbox/grpc/info').then((r) => r.json()).catch(() => undefined)) as { grpc?: boolean; address?: string } | undefined;
  if (!info?.grpc || !info.address || store.getState().activeTabId !== tabId) return;
  store.getState().updateDraft((d) => draftWithUrl(d, info.address!));
}
