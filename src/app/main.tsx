import './zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { takeJoinFragment } from './join-fragment';
import { AppRoutes } from './router';
import { StorageGate } from './storage-gate';
import '../ui/theme.css';
import './app.css';

takeJoinFragment(window.location, window.history);

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
