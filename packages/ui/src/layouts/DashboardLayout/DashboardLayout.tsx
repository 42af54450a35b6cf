import * as React from 'react';
import { Link } from 'wouter';
import { Bell, Bookmark, CalendarDays, CircleUser, Compass, House, LogOut, Menu, ShieldCheck, SquarePlus, Users, type LucideIcon } from 'lucide-react';
import { paths } from '@pitlane/api/contract';
import { useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { NavLink } from '../../lib/nav-link.tsx';
import { useMediaQuery, WIDE_QUERY } from '../../lib/use-media-query.ts';
import { Badge } from '../../primitives/Badge/Badge.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { LazyConfirmDialog } from '../../primitives/ConfirmDialog/LazyConfirmDialog.tsx';
import { Logo } from '../../primitives/Logo/Logo.tsx';
import { FullScreenSpinner } from '../../primitives/Spinner/Spinner.tsx';
import { LazyThemeSwitch } from '../../widgets/ThemeSwitch/LazyThemeSwitch.tsx';
import { LazyMobileMenu } from '../MobileMenu/LazyMobileMenu.tsx';
import { NavProfileHeader, type NavUser } from '../MobileMenu/NavProfileHeader.tsx';

export interface DashboardLayoutProps {
  /** The page. */
  children: React.ReactNode;
  /** The right-hand column on desktop (the SuggestionsPanel). Without it the page takes the whole width. */
  suggestions?: React.ReactNode;
  /**
   * After logout (the session is already cleared, even if the call failed). Nothing to navigate:
   * the protected page's guard follows the session to the login page, remembering the page.
   */
  onLoggedOut?: () => void;
}

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The unread badge rides on this item. */
  badge?: boolean;
}

const sidebarItems = (username: string, operator: boolean): NavItem[] => [
  { label: 'My Feed', to: paths.feeds, icon: House },
  { label: 'Discover', to: paths.discover, icon: Compass },
  { label: 'Communities', to: paths.communities, icon: Users },
  { label: 'Events', to: paths.events, icon: CalendarDays },
  { label: 'Notifications', to: paths.notifications, icon: Bell, badge: true },
  // Beyond the spec's seven (issue 21): the person's saved posts, with their other own things.
  { label: 'Saved', to: paths.saved, icon: Bookmark },
  { label: 'Create Post', to: paths.createPost(), icon: SquarePlus },
  { label: 'My Profile', to: paths.profile(username), icon: CircleUser },
  // Site operators (issue 18): the site's reports and the moderation log.
  ...(operator ? [{ label: 'Moderation', to: paths.moderation, icon: ShieldCheck }] : []),
];

const bottomBarItems: NavItem[] = [
  { label: 'Feeds', to: paths.feeds, icon: House },
  { label: 'Discover', to: paths.discover, icon: Compass },
  { label: 'Create Post', to: paths.createPost(), icon: SquarePlus },
  { label: 'Notifications', to: paths.notifications, icon: Bell, badge: true },
];

const badgeLabel = (count: number) => (count === 1 ? '1 unread notification' : `${count} unread notifications`);

/**
 * The frame of every protected page (spec §2, §9).
 *
 * Desktop: a fixed sidebar 20% wide (200–280 px) with the profile header, the eight links (spec
 * §2's seven and Saved), the unread badge and Logout; the rest splits 70% page / 30% suggestions.
 * Mobile (< 768 px): a fixed 60 px bottom bar and the mobile menu sheet.
 * Logout asks first ("Confirm Logout", at layer 2001 when asked from the menu), then covers the
 * screen with the blurred spinner overlay until the session is gone.
 */
export function DashboardLayout({ children, suggestions, onLoggedOut }: DashboardLayoutProps) {
  const { user, unreadCount, logout } = useSession();
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [confirmOpen, setConfirmOpen] = React.useState(false);
  const [confirmFromMenu, setConfirmFromMenu] = React.useState(false);
  const [loggingOut, setLoggingOut] = React.useState(false);
  // What a width hides is not drawn at all (the CSS hides it too, so the first frame is right
  // either way): a phone builds no sidebar (its avatar, its theme switch's code) and no
  // suggestions column (their call, their pictures) while the page's own first picture is on its
  // way, and a desktop no bottom bar (issue 22). Drawn on the server (the first screen of a
  // signed-in page, apps/web/src/first-screen) the width is unknown: both, the CSS showing one.
  const width = useMediaQuery(WIDE_QUERY, null);
  const wide = width !== false;
  const narrow = width !== true;

  // Logout clears the session before the page leaves; keep showing who was signed in meanwhile,
  // rather than an empty header under the overlay.
  const [shownUser, setShownUser] = React.useState<NavUser | null>(user);
  if (user !== null && user !== shownUser) setShownUser(user);

  const askLogout = (fromMenu: boolean) => {
    setConfirmFromMenu(fromMenu);
    setConfirmOpen(true);
  };

  const confirmLogout = () => {
    setMenuOpen(false);
    setLoggingOut(true);
    // useSession().logout never rejects: a failed call is logged and the session cleared anyway.
    void logout().then(onLoggedOut);
  };

  const username = shownUser?.username ?? '';

  return (
    <div data-slot="dashboard-layout" className="min-h-dvh bg-background">
      {/* While logging out nothing underneath may be used, by pointer (the overlay) or keyboard. */}
      <div inert={loggingOut}>
        {wide && (
          <aside
            data-slot="sidebar"
            aria-label="Sidebar"
            className="fixed inset-y-0 left-0 z-10 hidden w-[20%] max-w-[280px] min-w-[200px] flex-col overflow-y-auto border-r bg-surface md:flex"
          >
            <Link to={paths.feeds} className="mx-5 mt-6 mb-6 self-start rounded-sm">
              <Logo size="sm" />
            </Link>
            {shownUser && <NavProfileHeader user={shownUser} className="mx-5 mb-4" />}
            <nav aria-label="Main" className="flex flex-col gap-0.5 px-3">
              {sidebarItems(username, shownUser?.operator === true).map(({ label, to, icon: Icon, badge }) => (
                <NavLink
                  key={label}
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'relative flex items-center gap-3 rounded-md px-3 py-2.5 text-sm transition-colors [&_svg]:size-5 [&_svg]:shrink-0',
                      isActive
                        ? 'bg-surface-sunken font-semibold text-foreground before:absolute before:inset-y-2 before:left-0 before:w-[3px] before:rounded-full before:bg-strong'
                        : 'font-medium text-soft-foreground hover:bg-surface-sunken hover:text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{label}</span>
                  {badge && <Badge count={unreadCount} label={badgeLabel} />}
                </NavLink>
              ))}
            </nav>
            <div className="mt-auto p-3 pt-6">
              {/* The theme (issue 21) sits with the other things about this device's session. */}
              <LazyThemeSwitch className="mb-2" />
              <Button variant="nav" size="nav" block onClick={() => askLogout(false)}>
                <LogOut aria-hidden />
                Logout
              </Button>
            </div>
          </aside>
        )}

        <div className="pb-bottom-bar md:pb-0 md:pl-[clamp(200px,20%,280px)]">
          <div className="flex items-start">
            <main data-slot="dashboard-main" className={cn('min-w-0 flex-1', suggestions !== undefined && 'md:w-[70%] md:flex-none')}>
              {children}
            </main>
            {suggestions !== undefined && (
              <aside
                data-slot="suggestions-column"
                aria-label="Suggestions"
                className="sticky top-0 hidden h-dvh w-[30%] overflow-y-auto border-l md:block"
              >
                {wide ? suggestions : null}
              </aside>
            )}
          </div>
        </div>

        {narrow && (
          <nav
            data-slot="bottom-bar"
            aria-label="Main"
            className="fixed inset-x-0 bottom-0 z-10 flex h-bottom-bar items-stretch border-t bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
          >
            {bottomBarItems.map(({ label, to, icon: Icon, badge }) => (
              <NavLink
                key={label}
                to={to}
                className={({ isActive }) => cn(bottomItemClass, isActive ? 'text-foreground' : 'text-muted-foreground')}
              >
                {({ isActive }) => (
                  <>
                    <Icon aria-hidden strokeWidth={isActive ? 2.5 : 2} />
                    <span className={cn(isActive && 'font-semibold')}>{label}</span>
                    {/* After the label in reading order ("Notifications, 3 unread notifications"),
                        drawn on the icon's shoulder. */}
                    {badge && <Badge size="sm" count={unreadCount} label={badgeLabel} className="absolute top-1.5 left-1/2 ml-0.5" />}
                  </>
              )}
            </NavLink>
          ))}
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            className={cn(bottomItemClass, 'text-muted-foreground')}
          >
            <Menu aria-hidden />
            <span>Menu</span>
          </button>
        </nav>
        )}
      </div>

      {shownUser && <LazyMobileMenu open={menuOpen} onOpenChange={setMenuOpen} user={shownUser} onLogout={() => askLogout(true)} />}

      <LazyConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Confirm Logout"
        message="Are you sure you want to log out?"
        confirmLabel="Logout"
        cancelLabel="Cancel"
        onConfirm={confirmLogout}
        layer={confirmFromMenu ? 'over-menu' : 'default'}
      />

      {loggingOut && <FullScreenSpinner variant="overlay" label="Logging out" />}
    </div>
  );
}

const bottomItemClass =
  'relative flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 focus-visible:-outline-offset-2 text-[0.6875rem] leading-tight font-medium [&_svg]:size-6';
