import { Link } from 'wouter';
import { paths, type TagCount } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';

export interface TagChipProps extends TagCount {
  className?: string;
}

/** A tag as a small chip linking to its page, with how many posts carry it (read as "#e30 2 posts"). */
export function TagChip({ tag, postCount, className }: TagChipProps) {
  return (
    <Link
      to={paths.tag(tag)}
      data-slot="tag-chip"
      className={cn(
        'inline-flex h-8 max-w-full min-w-0 items-center gap-1.5 rounded-full bg-surface-sunken px-3 text-sm font-medium ring-1 ring-border hover:bg-muted hover:ring-input',
        className,
      )}
    >
      {/* Read as "#e30 2 posts": the spaces between the parts are for reading; a flex row draws none. */}
      <span className="min-w-0 truncate">#{tag}</span>{' '}
      <span className="text-xs text-muted-foreground tabular-nums">{postCount}</span>{' '}
      <span className="sr-only">{postCount === 1 ? 'post' : 'posts'}</span>
    </Link>
  );
}
