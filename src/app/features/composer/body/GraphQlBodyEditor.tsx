/**
 * The GraphQL body editor's slot. GraphQL (src/app/features/graphql/) sits above the composer
 * (its subscriptions go over the WebSocket channel), so the shell registers the editor at
 * start-up (`shell/composition.tsx`: a lazy part, loaded on first use with the `graphql`
 * library and cm6-graphql).
 */
import type { ComponentType } from 'react';

let editor: ComponentType | undefined;

/** Sets the editor shown for a GraphQL body (the shell, at start-up). */
export function provideGraphQlBodyEditor(component: ComponentType): void {
  editor = component;
}

/** The GraphQL body editor, as registered. */
export function GraphQlBodyEditor() {
  const Editor = editor;
  return Editor ? <Editor /> : <p className="muted">This build has no GraphQL editor.</p>;
}
