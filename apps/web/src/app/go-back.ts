import { useAppHistory, useAppLocation } from './location.tsx';

/**
 * Back to the previous page in the app, like the browser's back button; when this page was the
 * first one opened (a shared link), to `fallback` instead of leaving the app.
 */
export function useGoBack(fallback: string): () => void {
  const history = useAppHistory();
  const hasHistory = useAppLocation().index > 0;
  return () => (hasHistory ? history.back() : history.navigate(fallback, { replace: true }));
}
