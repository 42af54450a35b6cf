import { Link } from 'wouter';
import { paths, type Community } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';

/** Spec §2: "[n] members", as the spec quotes it for every count. */
export function membersLabel(count: number): string {
  return `${count} members`;
}

export interface CommunityCardProps {
  community: Pick<Community, '_id' | 'name' | 'description' | 'coverImageUrl' | 'members'>;
  /** `full`: cover, name, description and members (Communities page). `compact`: name and members (profile). */
  variant?: 'full' | 'compact';
  /** The heading level of the name inside the surrounding page. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
}

/**
 * A community as a link to its page. The whole card is the link target (a stretched link), so
 * one tab stop per card and the accessible name is just the community's name.
 */
export function CommunityCard({ community, variant = 'full', headingLevel: Heading = 'h3', className }: CommunityCardProps) {
  const compact = variant === 'compact';
  return (
    <article
      data-slot="community-card"
      className={cn(
        'group relative flex min-w-0 flex-col overflow-hidden rounded-lg bg-surface shadow-card ring-1 ring-border focus-within:ring-2 focus-within:ring-ring hover:ring-input',
        className,
      )}
    >
      <img
        src={community.coverImageUrl}
        alt=""
        className={cn('w-full bg-muted object-cover', compact ? 'aspect-[3/1]' : 'aspect-[16/7]')}
      />
      <div className={cn('flex min-w-0 flex-1 flex-col gap-1', compact ? 'p-3' : 'p-4')}>
        <Heading className={cn('font-semibold break-words text-foreground', compact ? 'text-sm' : 'text-base')}>
          <Link
            to={paths.community(community._id)}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:underline"
          >
            {community.name}
          </Link>
        </Heading>
        {!compact && community.description ? (
          <p className="line-clamp-3 text-sm break-words text-muted-foreground">{community.description}</p>
        ) : null}
        <p className={cn('text-xs font-medium text-muted-foreground tabular-nums', !compact && 'mt-auto pt-2')}>
          {membersLabel(community.members.length)}
        </p>
      </div>
    </article>
  );
}
