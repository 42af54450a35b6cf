import * as React from 'react';
import { ArrowUp } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface NewPostsPillProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Posts announced since the list was loaded; nothing is shown at 0. */
  count: number;
  /** Loads the newest posts and brings the reader to them. */
  onShow: () => void;
}

/** "1 new post" / "12 new posts" (more than 99 reads "99+ new posts"). */
export function newPostsText(count: number): string {
  if (count === 1) return '1 new post';
  return `${count > 99 ? '99+' : count} new posts`;
}

/**
 * The pill over the top of a feed when people the reader follows have posted since it loaded
 * (issue 16, live updates): it sticks below the header while the reader scrolls, and pressing it
 * loads the newest posts and scrolls up to them. The feed itself never moves under the reader's
 * eyes. A polite live region tells screen readers when it appears or its count changes.
 */
export function NewPostsPill({ count, onShow, className, ...props }: NewPostsPillProps) {
  return (
    <div
      data-slot="new-posts-pill"
      role="status"
      aria-live="polite"
      className={cn('pointer-events-none sticky top-16 z-10 flex h-0 justify-center md:top-4', className)}
      {...props}
    >
      {count > 0 && (
          <button
            type="button"
            onClick={onShow}
            className="pointer-events-auto inline-flex h-9 items-center gap-1.5 rounded-full bg-accent px-4 text-sm font-semibold text-accent-foreground shadow-lg transition-colors hover:bg-accent-hover [&_svg]:size-4"
          >
            <ArrowUp aria-hidden />
            {newPostsText(count)}
          </button>
      )}
    </div>
  );
}
