import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back to the previous page in the app, like the browser's back button; when this page was the
 * first one opened (a shared link), to `fallback` instead of leaving the app.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  return () => (hasHistory ? navigate(-1) : navigate(fallback, { replace: true }));
}
