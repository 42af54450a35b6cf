// Shared by the meets widgets' stories (not a story file itself): the meets world, a meet loaded
// through the hooks as a page has it, the column and the widths the meets are shown at. Dates are
// written in en-GB, so the pictures are the same on any machine.
import type * as React from 'react';
import type { Decorator } from '@storybook/react-vite';
import type { Meet } from '@pitlane/api/contract';
import { useMeet } from '@pitlane/api/hooks';
import { fixtures, withMeets } from '@pitlane/api/mocks';
import { DateTimeFormatProvider } from '../DateTime/DateTime.tsx';

/** The standard world with the meets of FIXTURE_MEETS (and, with `notifications`, the three meet notifications). */
export const meetsWorld = () => withMeets(fixtures.standard());

/** Renders `children(meet)` once the meet has loaded through `useMeet`. */
export function WithMeet({ meetId, children }: { meetId: string; children: (meet: Meet) => React.ReactNode }) {
  const { data: meet, isError } = useMeet(meetId);
  if (isError) return <p role="alert">Could not load the meet.</p>;
  return meet ? children(meet) : null;
}

/** A feed-wide column, dates in en-GB. */
export const meetColumn: Decorator = (Story) => (
  <DateTimeFormatProvider locale="en-GB">
    <div className="mx-auto max-w-[640px]">
      <Story />
    </div>
  </DateTimeFormatProvider>
);

export const mobile = { viewport: { value: 'mobile', isRotated: false } } as const;
