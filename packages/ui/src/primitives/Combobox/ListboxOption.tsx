import * as React from 'react';
import { cn } from '../../lib/cn.ts';

export interface ListboxOptionProps extends Omit<React.ComponentProps<'li'>, 'role' | 'onClick' | 'onMouseDown' | 'onMouseMove'> {
  /** The option the arrow keys are on (the field's aria-activedescendant). */
  active: boolean;
  /** The pointer went over it: it becomes the active one. */
  onActivate: () => void;
  /** Clicked: it is chosen. */
  onChoose: () => void;
}

/**
 * One option of a list that a text field drives (the field keeps the focus and points at the
 * active option): the Combobox's and the mention type-ahead's (MentionTypeahead).
 */
export function ListboxOption({ active, onActivate, onChoose, className, ...props }: ListboxOptionProps) {
  return (
    <li
      role="option"
      aria-selected={active}
      data-active={active || undefined}
      // Keeps the focus in the field: a click chooses without blurring it first.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onActivate}
      onClick={onChoose}
      className={cn('flex cursor-pointer items-center gap-2 rounded-sm px-2.5 py-2 text-sm data-active:bg-surface-sunken', className)}
      {...props}
    />
  );
}
