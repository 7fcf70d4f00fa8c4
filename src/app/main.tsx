import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import { StorageGate } from './storage-gate';
import '../ui/theme.css';
import './app.css';

// `npm run bench` builds with --mode bench; only then are measurement hooks exposed.
// In every other build this branch is removed as dead code.
if (import.meta.env.MODE === 'bench')
  void import('./bench-hooks').then((hooks) => hooks.installBenchHooks());

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <StorageGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StorageGate>
    </QueryClientProvider>
  </StrictMode>,
);
