/**
 * Keeps what a lesson's answer hands on (a refresh token, an access token, a redirect's
 * code, a login page's hidden field) as variables of
 * a "Lessons" environment, so the next lessons can use `{{refresh_token}}` as a client
 * holding that token would. A lesson's check captures are not taken here: the tab runs
 * them like any request's checks (into the run scope, secrets unsaved and masked).
 */
import { useEffect } from 'react';
import { lessonById, lessonCaptures } from '../../../core';
import { forEachChangedExchange } from '../../base/state/exchange';
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import { lessonDrafts } from './lessonDrafts';

const ENVIRONMENT_NAME = 'Lessons';

export function useLessonCaptures(): void {
  const store = useWorkbenchApi();
  useEffect(
    () =>
      store.subscribe((state, previous) =>
        forEachChangedExchange(state, previous, (exchange, before) => {
          if (exchange.phase !== 'done' || before.phase === 'done' || !exchange.draftId) return;
          const lessonId = lessonDrafts.get(exchange.draftId);
          const lesson = lessonId ? lessonById(lessonId) : undefined;
          if (!lesson?.captures?.length) return;
          const decoder = new TextDecoder();
          const bodyText = exchange.chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
          const captured = lessonCaptures(lesson, { headers: exchange.head?.headers ?? [], bodyText }, { checks: false });
          if (!Object.keys(captured).length) return;
          let environment = state.environments.find((e) => e.name === ENVIRONMENT_NAME);
          const id = environment?.id ?? state.addEnvironment(ENVIRONMENT_NAME);
          environment = store.getState().environments.find((e) => e.id === id)!;
          const kept = environment.variables.filter((v) => !(v.name in captured));
          const added = Object.entries(captured).map(([name, value]) => ({ id: `${id}-${name}`, name, value, enabled: true }));
          store.getState().setEnvironmentVariables(id, [...kept, ...added] as typeof environment.variables);
          store.getState().setActiveEnvironment(id);
        }),
      ),
    [store],
  );
}
