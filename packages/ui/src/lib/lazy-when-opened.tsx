import * as React from 'react';

/** `run` once the browser is idle (or in a second where it cannot tell). */
function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

/**
 * A dialog, sheet or menu that renders nothing until first opened, then the real one, kept
 * mounted so that it closes with its animation and opens at once the next time. Its code (the
 * Radix dialog with its focus trap and scroll lock: ~12 KB gzip) is then not part of a page's
 * first load (issue 22): it is fetched when the browser is first idle after the page draws, or
 * on opening, whichever comes first. While it arrives the focus stays on the button that opened
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
      whenIdle(() => void preload().catch(() => {}));
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
