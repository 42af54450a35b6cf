import * as React from 'react';
import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { cn } from '../../lib/cn.ts';

/*
 * Radix RadioGroup, styled (shadcn/ui's RadioGroup, in our tokens). Radix does the hard parts:
 * the `radiogroup` / `radio` roles, one tab stop for the group, arrow keys that move and select,
 * and a hidden native input so the choice takes part in a form. Name the group with
 * `aria-labelledby` (a visible legend) or `aria-label`.
 */

export function RadioGroup({ className, ...props }: React.ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={cn('grid gap-1', className)} {...props} />;
}

/** The round control alone; pair it with a `<label htmlFor>` or use RadioGroupOption. */
export interface RadioGroupItemProps extends React.ComponentProps<typeof RadioGroupPrimitive.Item> {
  /** Dim the circle when disabled; off inside a RadioGroupOption, whose whole row dims instead. */
  dimWhenDisabled?: boolean;
}

export function RadioGroupItem({ dimWhenDisabled = true, className, ...props }: RadioGroupItemProps) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'inline-flex size-4 shrink-0 items-center justify-center rounded-full border border-input bg-surface',
        'data-[state=checked]:border-foreground disabled:cursor-not-allowed',
        dimWhenDisabled && 'disabled:opacity-50',
        'aria-invalid:border-danger',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator data-slot="radio-group-indicator" className="size-2 rounded-full bg-foreground" />
    </RadioGroupPrimitive.Item>
  );
}

export interface RadioGroupOptionProps extends React.ComponentProps<typeof RadioGroupPrimitive.Item> {
  /** What the option reads; it also names the radio. */
  label: React.ReactNode;
}

/**
 * A radio with its label as one row: the whole row is the target (a thumb on a phone need not
 * find a 16 px circle), and it is highlighted while chosen.
 */
export function RadioGroupOption({ label, className, id, ...props }: RadioGroupOptionProps) {
  const fallbackId = React.useId();
  const itemId = id ?? fallbackId;
  return (
    <label
      htmlFor={itemId}
      data-slot="radio-group-option"
      className={cn(
        'flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-surface-sunken',
        'has-data-[state=checked]:bg-surface-sunken has-data-[state=checked]:font-medium',
        // Disabled by itself or with its group (Radix marks the item either way): the whole row dims once.
        'has-data-disabled:cursor-not-allowed has-data-disabled:opacity-50 has-data-disabled:hover:bg-transparent',
        className,
      )}
    >
      <RadioGroupItem id={itemId} dimWhenDisabled={false} {...props} />
      <span>{label}</span>
    </label>
  );
}
