import * as React from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from '../Input/Input.tsx';

export type SelectProps = React.ComponentProps<'select'>;

/**
 * A native `<select>` with the form controls' look. Native on purpose: phones open their own
 * picker, which beats any custom listbox for thumbs and screen readers ("Post to:" on mobile).
 * It fills its container like Input does; size it by its container. Children are `<option>`s.
 */
export function Select({ className, children, ...props }: SelectProps) {
  return (
    <div data-slot="select-wrapper" className="relative w-full">
      <select
        data-slot="select"
        // appearance-none drops the platform arrow so ours sits at the same place everywhere;
        // pr-9 keeps long community names from running under it.
        className={cn(controlClasses, 'peer h-10 cursor-pointer appearance-none truncate pr-9', className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        data-slot="select-icon"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground peer-disabled:opacity-50"
      />
    </div>
  );
}
