import * as React from 'react';
import { pageSettled } from './when-settled.ts';

/**
 * A dialog, sheet or menu that renders nothing until first opened, then the real one, kept
 * mounted so that it closes with its animation and opens at once the next time. Its code (the
 * Radix dialog with its focus trap and scroll lock: ~12 KB gzip) is then not part of a page's
 * first load (issue 22): it is fetched once the page has settled (`pageSettled`), or on
 * opening, whichever comes first. While it arrives the focus stays on the button that opened
 * it, which is where the dialog returns it on closing.
 */
export function lazyWhenOpened<P extends { open: boolean }>(load: () => Promise<React.ComponentType<P>>): React.FunctionComponent<P> {
  let loading: Promise<React.ComponentType<P>> | null = null;
  const preload = () => (loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  }));
  const Loaded = React.lazy(() => preload().then((component) => ({ default: component })));
  let prefetching = false;
  function Lazy(props: P) {
    const [wanted, setWanted] = React.useState(props.open);
    if (props.open && !wanted) setWanted(true);
    React.useEffect(() => {
      if (prefetching) return;
      prefetching = true;
      // A failed prefetch is retried when the dialog opens, and reported there.
      void pageSettled().then(() => preload().catch(() => {}));
    }, []);
    if (!wanted) return null;
    return (
      <React.Suspense fallback={null}>
        <Loaded {...props} />
      </React.Suspense>
    );
  }
  return Lazy;
}
