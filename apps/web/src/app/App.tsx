import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider, SessionProvider } from '@pitlane/api/hooks';
import type { ApiClient } from '@pitlane/api/client';
import { AppRoutes } from './routes.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

/**
 * The app's query cache: one per browser tab, one per page drawn on the server (which asks once:
 * `retry: false`).
 */
export function createAppQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Spec-quoted failures show after one quiet retry; 4xx answers are final and never retried.
      queries: { retry: (count, error) => retry && count < 1 && !isClientError(error), refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

function isClientError(error: unknown): boolean {
  const status = (error as { status?: number }).status ?? 0;
  return status >= 400 && status < 500;
}

export interface AppProps {
  queryClient: QueryClient;
  /**
   * The router around the routes (location.tsx): the browser's history in the browser; on the
   * server, one in memory at the page's address (its effects never run there: nothing navigates).
   */
  router: (routes: ReactNode) => ReactNode;
  /** The server's client (calls answered in-process); the browser uses the same-origin default. */
  apiClient?: ApiClient;
}

export function App({ queryClient, router, apiClient }: AppProps) {
  const app = (
    <SessionProvider>
      {router(
        <>
          <ScrollToTop />
          <AppRoutes />
        </>,
      )}
    </SessionProvider>
  );
  return <QueryClientProvider client={queryClient}>{apiClient ? <ApiClientProvider client={apiClient}>{app}</ApiClientProvider> : app}</QueryClientProvider>;
}
