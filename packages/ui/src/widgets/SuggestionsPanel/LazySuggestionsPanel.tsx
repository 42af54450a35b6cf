import * as React from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { SuggestionsPanelLoading } from './SuggestionsPanelFrame.tsx';
import type { SuggestionsPanelProps } from './SuggestionsPanel.tsx';

/*
 * The suggestions column as the dashboard shell places it: fetched with the page, not in its
 * first load. Its rows, follow labels, community counts and hooks were ~3 KB gzip of /feeds'
 * first-load JS (issue 22), and the column is hidden below the mobile breakpoint.
 */
const SuggestionsPanel = React.lazy(() => import('./SuggestionsPanel.tsx').then((module) => ({ default: module.SuggestionsPanel })));

/**
 * While its code arrives the panel's own loading state stands in (the same title and skeleton
 * rows it shows while the suggestions load), so nothing moves when it takes over.
 */
export function LazySuggestionsPanel(props: SuggestionsPanelProps) {
  const loading = <SuggestionsPanelLoading className={props.className} />;
  // Drawn on the server, and hydrated, as the loading state (lib/use-hydrated.ts).
  if (!useHydrated()) return loading;
  return (
    <React.Suspense fallback={loading}>
      <SuggestionsPanel {...props} />
    </React.Suspense>
  );
}
