/**
 * The app's first render, loaded by `main.tsx` after the libraries (`vendor.ts`) have been
 * evaluated on their own: what runs here is the app's code only.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
// The shell's start-up registrations (live protocols, run steps…) before anything renders.
import './shell/composition';
import { App } from './App';
import { handOverBootShell } from './bootField';
import { isLiveProtocol } from '../core/protocols/types';
import { StoreProvider } from './base/state/StoreProvider';
import { createWorkbenchStore } from './shell/store/workbenchStore';

const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
const store = createWorkbenchStore({ initialUrl: `${location.origin}/sandbox/anything` });

/** The app, and the first screen handed over once its first render's effects (the URL editor's included) have run. */
function Root() {
  // A parent's effects run after all of its children's: the composer's URL editor exists by now.
  useEffect(() => handOverBootShell(!isLiveProtocol(store.getState().draft.protocol)), []);
  return (
    <QueryClientProvider client={queryClient}>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </QueryClientProvider>
  );
}

// A transition: React renders the first screen in slices of a few milliseconds, yielding between
// them, instead of one long main-thread task (the first screen's field takes typing meanwhile).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
