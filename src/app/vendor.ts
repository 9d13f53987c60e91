/**
 * The libraries the first screen runs on, evaluated before the app's own code (main.tsx):
 * two main-thread tasks of about half the length instead of one long one (issue 31 item 4).
 */
import 'react';
import 'react-dom/client';
import 'react/jsx-runtime';
// Exported, not only imported: the build initialises a module when its entry needs a binding of it, and a
// bare import of a library with no side effects would be dropped (its code then ran with the app's).
export { createStore } from 'zustand';
export { QueryClient } from '@tanstack/react-query';
export { EditorState } from '@codemirror/state';
export { EditorView } from '@codemirror/view';
