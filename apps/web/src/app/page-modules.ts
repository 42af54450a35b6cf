// The app's pages and the lazily loaded modules each one renders first, by page (PAGE_PATTERNS of
// @pitlane/api/contract). Modules are named by their source path from apps/web, as Vite's
// manifest names their chunks: routes.tsx loads the pages by these names, and the build records
// `pageModules()` in dist/.vite/page-modules.json (vite.config.ts), each module as the manifest key
// of the chunk holding it, where the server's Link preloads (apps/server/src/plugins/
// page-preloads.ts) and `npm run bench:web` read it. No React here: vite.config.ts imports it too.
import { PAGE_PATTERNS, type PageName } from '@pitlane/api/contract';

/** The pages with a module of their own (`/` only redirects). */
export type AppPage = Exclude<PageName, 'root'>;

/** The signed-in layout (sidebar, menus, dialogs): a chunk of its own, which signed-out pages never need. */
export const SHELL_MODULE = 'src/app/DashboardShell.tsx';
export const NOT_FOUND_MODULE = 'src/pages/NotFoundPage.tsx';

/** Every page is its own chunk, so the first page loads only what it needs. */
export const PAGE_MODULES: Readonly<Record<AppPage, string>> = {
  login: 'src/pages/LoginPage.tsx',
  register: 'src/pages/RegisterPage.tsx',
  forgotPassword: 'src/pages/ForgotPasswordPage.tsx',
  feeds: 'src/pages/FeedsPage.tsx',
  discover: 'src/pages/DiscoverPage.tsx',
  discoverPost: 'src/pages/DiscoverPostPage.tsx',
  communities: 'src/pages/CommunitiesPage.tsx',
  community: 'src/pages/CommunityPage.tsx',
  communityReports: 'src/pages/CommunityReportsPage.tsx',
  events: 'src/pages/EventsPage.tsx',
  notifications: 'src/pages/NotificationsPage.tsx',
  saved: 'src/pages/SavedPage.tsx',
  tag: 'src/pages/TagPage.tsx',
  createPost: 'src/pages/CreatePostPage.tsx',
  post: 'src/pages/PostPage.tsx',
  editPost: 'src/pages/EditPostPage.tsx',
  editProfile: 'src/pages/EditProfilePage.tsx',
  profile: 'src/pages/ProfilePage.tsx',
  car: 'src/pages/CarPage.tsx',
  carModel: 'src/pages/CarModelPage.tsx',
  moderation: 'src/pages/ModerationPage.tsx',
  moderationLog: 'src/pages/ModerationLogPage.tsx',
  meet: 'src/pages/MeetPage.tsx',
  editMeet: 'src/pages/EditMeetPage.tsx',
  createMeet: 'src/pages/CreateMeetPage.tsx',
};

/** Pages for signed-out people (spec §2). */
export const PUBLIC_PAGES = ['login', 'register', 'forgotPassword'] as const satisfies readonly AppPage[];

/** Signed-in pages, drawn inside the dashboard layout (spec §2). */
export const DASHBOARD_PAGES = [
  'feeds',
  'discover',
  'discoverPost',
  'communities',
  'community',
  'events',
  'notifications',
  'saved',
  'tag',
  'post',
  'editPost',
  'editProfile',
  'profile',
  'car',
  'carModel',
  'communityReports',
  'moderation',
  'moderationLog',
  'meet',
  'editMeet',
  'createMeet',
] as const satisfies readonly AppPage[];

/** Pages shown as a modal over the page they were opened from (spec §2: Create Post). */
export const MODAL_PAGES = ['createPost'] as const satisfies readonly AppPage[];

/** Under a modal opened directly (a typed or shared link) there is no page yet: the feed. */
export const DEFAULT_BACKGROUND_PAGE = 'feeds' satisfies AppPage;

const isOneOf = <T extends string>(list: readonly T[], name: string): name is T => (list as readonly string[]).includes(name);

/**
 * The modules `page` renders first: a public page alone, a signed-in one inside the layout. `/`
 * goes to the feed for a signed-in person, the usual case there; a modal opened directly is
 * drawn over the feed.
 */
export function firstModules(page: PageName): string[] {
  if (isOneOf(PUBLIC_PAGES, page)) return [PAGE_MODULES[page]];
  const background = [SHELL_MODULE, PAGE_MODULES[DEFAULT_BACKGROUND_PAGE]];
  if (page === 'root') return background;
  if (isOneOf(MODAL_PAGES, page)) return [...background, PAGE_MODULES[page]];
  return [SHELL_MODULE, PAGE_MODULES[page]];
}

/** `firstModules` of every page, by its router pattern: what the build records. */
export function pageModules(): Record<string, string[]> {
  return Object.fromEntries((Object.keys(PAGE_PATTERNS) as PageName[]).map((page) => [PAGE_PATTERNS[page], firstModules(page)]));
}
