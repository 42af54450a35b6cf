import type { SessionUser } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';

// Its own file so that the sidebar can draw it without the mobile menu's sheet (LazyMobileMenu).
export type NavUser = Pick<SessionUser, 'fullName' | 'username' | 'profilePictureUrl' | 'operator'>;

/** The signed-in user at the top of the sidebar and of the mobile menu: picture, name, @username. */
export function NavProfileHeader({ user, className }: { user: NavUser; className?: string }) {
  return (
    <div data-slot="nav-profile-header" className={cn('flex min-w-0 items-center gap-3', className)}>
      {/* The name is printed beside it, so the picture is not named twice. */}
      <Avatar name={user.fullName} src={user.profilePictureUrl} alt="" size="md" />
      <div className="min-w-0">
        <p className="truncate font-semibold">{user.fullName}</p>
        <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
      </div>
    </div>
  );
}
