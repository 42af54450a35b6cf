import * as React from 'react';
import { Bookmark, CalendarDays, CircleUser, LogOut, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { paths } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { NavLink } from '../../lib/nav-link.tsx';
import { BottomSheet, BottomSheetContent } from '../../primitives/BottomSheet/BottomSheet.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { LazyThemeSwitch } from '../../widgets/ThemeSwitch/LazyThemeSwitch.tsx';
import { NavProfileHeader, type NavUser } from './NavProfileHeader.tsx';

export { NavProfileHeader, type NavUser };

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: NavUser;
  /** The Logout button: the layout opens its confirmation over the menu (layer 2001). */
  onLogout: () => void;
}

/**
 * The mobile menu (spec §2): a bottom sheet over a dimmed overlay with the profile header,
 * My Profile, Communities, Events, Saved (issue 21), the theme switch (issue 21) and Logout. Tapping the overlay closes it; so does choosing a
 * link. Logout leaves it open underneath its confirmation, so Cancel comes back to the menu.
 */
export function MobileMenu({ open, onOpenChange, user, onLogout }: MobileMenuProps) {
  const links: { label: string; to: string; icon: LucideIcon }[] = [
    { label: 'My Profile', to: paths.profile(user.username), icon: CircleUser },
    { label: 'Communities', to: paths.communities, icon: Users },
    { label: 'Events', to: paths.events, icon: CalendarDays },
    // Beyond the spec (issue 21): the bottom bar has no room for it, so it lives here.
    { label: 'Saved', to: paths.saved, icon: Bookmark },
    // Site operators (issue 18): the site's reports and the moderation log.
    ...(user.operator ? [{ label: 'Moderation', to: paths.moderation, icon: ShieldCheck }] : []),
  ];
  return (
    <BottomSheet open={open} onOpenChange={onOpenChange}>
      <BottomSheetContent title="Menu" hideTitle>
        <NavProfileHeader user={user} className="border-b pt-1 pb-4" />
        <nav aria-label="Menu" className="flex flex-col py-2">
          {links.map(({ label, to, icon: Icon }) => (
            // Choosing a link closes the menu. (Not BottomSheetClose asChild: its Slot would merge
            // NavLink's class function as if it were a string.)
            <NavLink
              key={label}
              to={to}
              onClick={() => onOpenChange(false)}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-2 py-3 font-medium hover:bg-surface-sunken [&_svg]:size-5',
                  isActive ? 'bg-surface-sunken text-foreground' : 'text-soft-foreground',
                )
              }
            >
              <Icon aria-hidden />
              {label}
            </NavLink>
          ))}
        </nav>
        <LazyThemeSwitch className="mt-1 mb-3" />
        <Button variant="outline" block onClick={onLogout} className="mt-1">
          <LogOut aria-hidden />
          Logout
        </Button>
      </BottomSheetContent>
    </BottomSheet>
  );
}
