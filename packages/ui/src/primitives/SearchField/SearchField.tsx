import { Search } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Input, type InputProps } from '../Input/Input.tsx';

export interface SearchFieldProps extends Omit<InputProps, 'type' | 'aria-label'> {
  /** The field's accessible name: a search box shows no label, the magnifier says what it is. */
  label: string;
  /** The page's own search (Discover): a `search` landmark, so it can be jumped to. */
  landmark?: boolean;
}

/** A search box: the magnifier inside a full-width field (Discover, Communities). */
export function SearchField({ label, landmark = false, className, ...props }: SearchFieldProps) {
  return (
    <div data-slot="search-field" role={landmark ? 'search' : undefined} className="relative">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" aria-label={label} className={cn('pl-9', className)} {...props} />
    </div>
  );
}
