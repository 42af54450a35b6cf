import * as React from 'react';
import { Gauge, Pencil, Receipt, Trash2, Wrench } from 'lucide-react';
import { FALLBACK_MESSAGES, MOBILE_BREAKPOINT_PX, postImageSrcSet, type CarLogEntry } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useDeleteLogEntry } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { formatCost, formatMileage } from '../../lib/garage.ts';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { CalendarDay, useDateTimeFormat } from '../DateTime/DateTime.tsx';
import { ImageSlider } from '../ImageSlider/ImageSlider.tsx';
import { LogEntryForm } from '../LogEntryForm/LogEntryForm.tsx';

export interface LogEntryCardProps extends Omit<React.ComponentProps<'article'>, 'children'> {
  entry: CarLogEntry;
  /** The car's owner is looking: Edit and Delete on the entry. */
  editable?: boolean;
  /** The title's heading level inside the page. */
  headingLevel?: 2 | 3;
  /** Where the focus goes once the entry is deleted (its Delete button goes with it). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

// Log photos show as wide as the build log's column, like a post card's.
const ENTRY_IMAGE_SIZES = `(min-width: ${MOBILE_BREAKPOINT_PX}px) 640px, 100vw`;

/**
 * One entry of a car's build log (issue 17): its day, what was done, the text, the odometer and
 * what it cost (when the owner gave them) and its photos with their descriptions. Set apart from
 * the post cards around it by the wrench and "Build log" line, so the timeline reads at a glance.
 * The owner edits it in LogEntryForm and deletes it after the confirmation.
 */
export function LogEntryCard({ entry, editable = false, headingLevel = 2, fallbackFocus, className, ...props }: LogEntryCardProps) {
  const { locale } = useDateTimeFormat();
  const remove = useDeleteLogEntry(entry.carId);
  const [editing, setEditing] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [deleteError, setDeleteError] = React.useState<string | null>(null);
  const titleId = React.useId();
  const Heading = `h${headingLevel}` as const;
  const images = entry.images.map((image) => ({ url: image.url, width: image.width, height: image.height, srcSet: postImageSrcSet(image.url), alt: image.alt }));
  const hasFacts = entry.mileage !== null || entry.cost !== null;

  return (
    <article
      data-slot="log-entry-card"
      aria-labelledby={titleId}
      className={cn('flex flex-col overflow-hidden rounded-lg bg-surface shadow-card ring-1 ring-border', className)}
      {...props}
    >
      <header className="flex items-start gap-3 px-4 pt-4">
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-sunken text-foreground">
          <Wrench className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="text-xs text-muted-foreground">
            <span className="font-semibold tracking-wide text-foreground uppercase">Build log</span>
            <span aria-hidden> · </span>
            <CalendarDay value={entry.date} />
          </p>
          <Heading id={titleId} className="text-base leading-snug font-semibold break-words">
            {entry.title}
          </Heading>
        </div>
        {editable ? (
          <>
            <IconButton aria-label="Edit log entry" size="sm" onClick={() => setEditing(true)}>
              <Pencil />
            </IconButton>
            <IconButton
              aria-label="Delete log entry"
              size="sm"
              className="hover:text-danger"
              onClick={() => {
                setDeleteError(null);
                setConfirming(true);
              }}
            >
              <Trash2 />
            </IconButton>
          </>
        ) : null}
      </header>

      {deleteError ? (
        <p role="alert" className="mx-4 mt-3 rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {deleteError}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 px-4 pt-2 pb-4">
        {entry.text ? <p className="text-sm break-words whitespace-pre-line">{entry.text}</p> : null}
        {hasFacts ? (
          <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
            {entry.mileage !== null ? (
              <div className="flex items-center gap-1.5">
                <dt>
                  <Gauge aria-hidden className="size-4 text-muted-foreground" />
                  <span className="sr-only">Mileage</span>
                </dt>
                <dd className="font-medium tabular-nums">{formatMileage(entry.mileage, entry.mileageUnit, locale)}</dd>
              </div>
            ) : null}
            {entry.cost !== null ? (
              <div className="flex items-center gap-1.5">
                <dt>
                  <Receipt aria-hidden className="size-4 text-muted-foreground" />
                  <span className="sr-only">Cost</span>
                </dt>
                <dd className="font-medium tabular-nums">{formatCost(entry.cost, entry.currency, locale)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>

      {images.length > 0 ? <ImageSlider images={images} label={entry.title} sizes={ENTRY_IMAGE_SIZES} /> : null}

      {editable ? (
        <>
          <LogEntryForm carId={entry.carId} entry={entry} open={editing} onOpenChange={setEditing} />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete log entry"
            message="Delete this entry from the build log? Its photos go with it."
            confirmLabel="Delete"
            busyLabel="Deleting..."
            tone="danger"
            fallbackFocus={fallbackFocus}
            // The dialog closes either way; a failure shows in the card, which stays.
            onConfirm={() =>
              remove.mutateAsync(entry._id).then(
                () => undefined,
                (error: unknown) => setDeleteError(errorMessage(error, FALLBACK_MESSAGES.deleteLogEntryFailed)),
              )
            }
          />
        </>
      ) : null}
    </article>
  );
}
