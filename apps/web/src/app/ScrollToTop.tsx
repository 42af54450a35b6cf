import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { MODAL_PATHS } from './routes.tsx';

/**
 * Spec §2: the page scrolls to the top on every route change; except into and out of a modal
 * page (Create Post), where the page beneath stays where it was.
 */
export function ScrollToTop() {
  const [pathname] = useLocation();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    // The first page is no route change: it stays where the browser has it (a page drawn on the
    // server may have been scrolled before the app took it over).
    if (previous.current === pathname) return;
    const modalChange = MODAL_PATHS.has(pathname) || MODAL_PATHS.has(previous.current);
    previous.current = pathname;
    if (!modalChange) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
