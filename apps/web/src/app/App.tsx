import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '@pitlane/api/hooks';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    // Spec-quoted failures show after one quiet retry; 4xx answers are final and never retried.
    queries: { retry: (count, error) => count < 1 && !isClientError(error), refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

function isClientError(error: unknown): boolean {
  const status = (error as { status?: number }).status ?? 0;
  return status >= 400 && status < 500;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <ScrollToTop />
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
}
