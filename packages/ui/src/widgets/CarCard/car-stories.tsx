// Shared by the garage widgets' stories (not a story file itself): a car loaded through the hooks
// as a page has it, and the widths the garage is shown at.
import type * as React from 'react';
import type { Decorator } from '@storybook/react-vite';
import type { Car } from '@pitlane/api/contract';
import { useCar } from '@pitlane/api/hooks';

/** Renders `children(car)` once the car has loaded through `useCar`. */
export function WithCar({ carId, children }: { carId: string; children: (car: Car) => React.ReactNode }) {
  const { data: car, isError } = useCar(carId);
  if (isError) return <p role="alert">Could not load the car.</p>;
  return car ? children(car) : null;
}

/** The profile page's column (max-w-4xl less its padding). */
export const profileColumn: Decorator = (Story) => (
  <div className="mx-auto max-w-[864px]">
    <Story />
  </div>
);

/** The car page's column, as wide as a feed. */
export const carColumn: Decorator = (Story) => (
  <div className="mx-auto max-w-[640px]">
    <Story />
  </div>
);

export const mobile = { viewport: { value: 'mobile', isRotated: false } } as const;
