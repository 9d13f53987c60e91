import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { adoptLaunchKey } from './relay/session';
import { StoreProvider } from './store/StoreProvider';
import { createWorkbenchStore } from './store/workbenchStore';
import './styles.css';

// First of all: the launch redirect's page key leaves the address bar before anything reads it.
adoptLaunchKey();

const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
const store = createWorkbenchStore({ initialUrl: `${location.origin}/sandbox/anything` });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </QueryClientProvider>
  </StrictMode>,
);
