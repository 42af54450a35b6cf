/**
 * How long after the page's load event the code nobody has asked for yet is fetched (dialogs,
 * menus). The load event of this app comes before its data and pictures, which the app fetches
 * itself, and the browser is often idle then, waiting on them: fetched at that moment, ~45 KB of
 * menu and dialog code went over a phone's link ahead of the feed's first picture (issue 22,
 * measured on /feeds).
 */
const SETTLE_MS = 3000;

let settled: Promise<void> | null = null;

/**
 * Resolves once the page has loaded and settled: SETTLE_MS after its load event, when the browser
 * is next idle (or a second later where it cannot tell).
 */
export function pageSettled(): Promise<void> {
  return (settled ??= new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 5000 });
      else setTimeout(resolve, 1000);
    };
    const afterLoad = () => setTimeout(whenIdle, SETTLE_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  }));
}
