import { paths } from '@pitlane/api/contract';
import { cn, NavLink } from '@pitlane/ui';

/** The site moderation pages' heading and their two tabs: the open reports and the log. */
export function ModerationHeading() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'border-accent text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
    );
  return (
    <div className="mb-4 flex flex-col gap-3 px-1">
      <h1 id="moderation-heading" className="text-2xl font-bold tracking-tight">
        Moderation
      </h1>
      <nav aria-label="Moderation" className="flex gap-2 border-b">
        <NavLink to={paths.moderation} end className={tab}>
          Reports
        </NavLink>
        <NavLink to={paths.moderationLog} className={tab}>
          Log
        </NavLink>
      </nav>
    </div>
  );
}
