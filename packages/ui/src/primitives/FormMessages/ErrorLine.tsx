import type * as React from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/**
 * A refusal with its warning sign, drawn only while there is one (the garage, meet and post forms,
 * the photo picker). The caller gives `role="alert"` (and the `id` its form is described by) when
 * the line itself is to be announced, or puts it inside an element that is. Beside FormMessages
 * (the lines that stay in the DOM) rather than in it, so the pages that use only those do not
 * load the icon.
 */
export function ErrorLine({ className, children, ...props }: React.ComponentProps<'p'>) {
  return (
    <p className={cn('flex items-center gap-2 text-sm text-danger', className)} {...props}>
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {children}
    </p>
  );
}
