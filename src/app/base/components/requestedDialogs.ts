/**
 * Dialogs the command palette opens (issue 27: Proxy, Certificates, Environments, Export):
 * each lives where its button is, with the button's own state; this small store asks the
 * one extra copy `RequestedDialogs` mounts in the header to show it. Never persisted.
 */
import { createStore } from 'zustand/vanilla';

export type RequestedDialog = { kind: 'proxy' } | { kind: 'certificates' } | { kind: 'environments' } | { kind: 'export'; collectionId: string };

export const requestedDialogStore = createStore<{ open: RequestedDialog | null }>(() => ({ open: null }));

/** Shows `dialog` (the one shown before, if any, closes). */
export function requestDialog(dialog: RequestedDialog): void {
  requestedDialogStore.setState({ open: dialog });
}

/** Closes the requested dialog. */
export function closeRequestedDialog(): void {
  requestedDialogStore.setState({ open: null });
}
