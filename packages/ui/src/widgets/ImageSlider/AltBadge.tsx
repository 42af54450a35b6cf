import * as React from 'react';
import { cn } from '../../lib/cn.ts';

export interface AltBadgeProps {
  /** The photo's description, as its author wrote it (the image's `alt`). */
  description: string;
  className?: string;
}

/**
 * The "ALT" badge on a photo that has a description (issue 18): a disclosure button that shows
 * the description over the photo and hides it again (a click, Enter or Space; Escape hides it).
 * Screen readers already hear the description as the image's `alt`; this is for everyone else,
 * and for people who wonder what the author meant.
 */
export function AltBadge({ description, className }: AltBadgeProps) {
  const [open, setOpen] = React.useState(false);
  const panelId = React.useId();
  return (
    <>
      <button
        type="button"
        data-slot="alt-badge"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="ALT: photo description"
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          // Hides the description only, not the dialog or sheet the card may be in.
          event.stopPropagation();
          setOpen(false);
        }}
        className={cn(
          // 24 px tall: a touch target of WCAG 2.5.8's minimum, set small as captions are.
          'absolute bottom-2 left-2 z-10 inline-flex h-6 min-w-6 items-center justify-center rounded-sm bg-asphalt/80 px-1.5',
          'text-[0.6875rem] leading-none font-bold tracking-wide text-white hover:bg-asphalt aria-expanded:bg-asphalt',
          className,
        )}
      >
        ALT
      </button>
      <p
        id={panelId}
        hidden={!open}
        data-slot="alt-description"
        className="absolute inset-x-2 bottom-10 z-10 max-h-[calc(100%-3.5rem)] overflow-y-auto rounded-md bg-asphalt/90 p-3 text-sm break-words whitespace-pre-line text-white shadow-card"
      >
        {description}
      </p>
    </>
  );
}
