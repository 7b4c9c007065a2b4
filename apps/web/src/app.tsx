/** The app itself: loaded by main.tsx once zod is configured. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchSession } from './lib/auth';
import { createQueryClient, createTrpcClient, createTrpcUtils, trpc } from './lib/trpc';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const utils = createTrpcUtils(queryClient, trpcClient);
const router = createAppRouter({ queryClient, trpc: utils });
prefetchSession(utils, window.location.pathname);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
