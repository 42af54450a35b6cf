import * as React from 'react';
import { SKELETON_COUNTS } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { SuggestionListSkeleton } from '../SuggestionListSkeleton/SuggestionListSkeleton.tsx';

/*
 * The suggestions panel's frame and its loading state, apart from the panel itself: the lazy
 * panel (LazySuggestionsPanel) draws the same loading state while its code arrives, so the column
 * looks the same from the first paint until the suggestions are in (issue 22).
 */

/** A titled list of the panel: "Who to Follow", "Communities to Join". */
export function SuggestionsSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The panel's box. */
export function SuggestionsPanelFrame({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    // Not a landmark of its own: the dashboard's suggestions column around it is the
    // "Suggestions" complementary landmark, and a second one inside it would repeat it.
    <div data-slot="suggestions-panel" className={cn('flex flex-col gap-8', className)}>
      {children}
    </div>
  );
}

/** The rows of "Who to Follow" while the suggestions load. */
export const WhoToFollowSkeleton = () => <SuggestionListSkeleton count={SKELETON_COUNTS.suggestionsPanel} />;

/** The panel before its suggestions are in. */
export function SuggestionsPanelLoading({ className }: { className?: string }) {
  return (
    <SuggestionsPanelFrame className={className}>
      <SuggestionsSection title="Who to Follow">
        <WhoToFollowSkeleton />
      </SuggestionsSection>
    </SuggestionsPanelFrame>
  );
}
