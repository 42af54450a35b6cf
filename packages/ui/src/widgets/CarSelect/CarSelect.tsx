import type * as React from 'react';
import { carLabel, type CarRef } from '@pitlane/api/contract';
import { useGarage, useSession } from '@pitlane/api/hooks';
import { Field } from '../../primitives/Field/Field.tsx';
import { Select } from '../../primitives/Select/Select.tsx';

export interface CarSelectProps {
  /** The chosen car's id; '' for none. */
  value: string;
  onChange: (carId: string) => void;
  /**
   * The car the post is tagged to now (Edit Post): offered even before the garage has loaded, so
   * the select shows it from the start.
   */
  current?: CarRef | null;
  disabled?: boolean;
  className?: string;
}

type Choice = CarRef & { current?: boolean };

/**
 * "Car:" of Create and Edit Post (issue 17): "None" or one of the signed-in author's cars (past
 * ones marked so), a native select like "Post to:". Left out for someone with an empty garage
 * and a post tagged to no car: a choice of nothing but "None" is no choice. Busy (`aria-busy`)
 * while the garage loads.
 */
export function CarSelect({ value, onChange, current = null, disabled, className }: CarSelectProps) {
  const { user } = useSession();
  const garage = useGarage(user?.id);
  const cars: Choice[] = garage.data ?? [];
  // The post's car first stands in for the garage still on its way (or a car no longer in it).
  const choices: Choice[] = current === null || cars.some((car) => car._id === current._id) ? cars : [current, ...cars];
  // While the garage loads the field holds its place (busy, not yet usable), so the form does not
  // jump when the cars arrive, which is the common case; an empty garage then takes it away.
  const loading = garage.isPending;
  if (!loading && choices.length === 0) return null;

  return (
    <Field label="Car:" className={className}>
      <Select
        data-slot="car-select"
        value={value}
        disabled={disabled || loading}
        aria-busy={loading || undefined}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      >
        <option value="">None</option>
        {choices.map((car) => (
          <option key={car._id} value={car._id}>
            {car.current === false ? `${carLabel(car)} (past)` : carLabel(car)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
