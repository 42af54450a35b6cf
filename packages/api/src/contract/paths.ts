// The app's own pages (spec §2), in one place: the router's patterns and the links to them.
// The web router matches `PAGE_PATTERNS`; components link with `paths`; the server names pages
// by the same strings (plugins/page-preloads.ts). Plain strings, no zod: the first page loads this.

/** The router's pattern of every page, by name (`:name` segments are parameters). */
export const PAGE_PATTERNS = {
  root: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  feeds: '/feeds',
  discover: '/discover',
  discoverPost: '/discover/post/:postId',
  communities: '/community',
  community: '/community/:id',
  communityReports: '/community/:id/reports',
  events: '/events',
  notifications: '/notifications',
  saved: '/saved',
  createPost: '/create-post',
  post: '/post/:postId',
  editPost: '/post/:postId/edit',
  editProfile: '/profile/edit',
  profile: '/profile/:username',
  car: '/car/:id',
  carModel: '/cars/:make/:model',
  moderation: '/moderation',
  moderationLog: '/moderation/log',
  tag: '/tags/:tag',
  meet: '/meet/:id',
  editMeet: '/meet/:id/edit',
  createMeet: '/community/:id/meets/new',
} as const;

export type PageName = keyof typeof PAGE_PATTERNS;

const segment = (value: string) => encodeURIComponent(value);

/** Links to the pages: the fixed ones as strings, the parameterised ones as functions. */
export const paths = {
  root: PAGE_PATTERNS.root,
  login: PAGE_PATTERNS.login,
  register: PAGE_PATTERNS.register,
  forgotPassword: PAGE_PATTERNS.forgotPassword,
  feeds: PAGE_PATTERNS.feeds,
  discover: PAGE_PATTERNS.discover,
  discoverPost: (postId: string) => `/discover/post/${segment(postId)}`,
  communities: PAGE_PATTERNS.communities,
  community: (communityId: string) => `/community/${segment(communityId)}`,
  /** A community's moderation queue (issue 18): its creator's, and operators'. */
  communityReports: (communityId: string) => `/community/${segment(communityId)}/reports`,
  events: PAGE_PATTERNS.events,
  notifications: PAGE_PATTERNS.notifications,
  saved: PAGE_PATTERNS.saved,
  /** Create Post, opened from a community page with that community chosen. */
  createPost: (communityId?: string) =>
    communityId === undefined ? PAGE_PATTERNS.createPost : `${PAGE_PATTERNS.createPost}?community=${segment(communityId)}`,
  post: (postId: string) => `/post/${segment(postId)}`,
  editPost: (postId: string) => `/post/${segment(postId)}/edit`,
  editProfile: PAGE_PATTERNS.editProfile,
  profile: (username: string) => `/profile/${segment(username)}`,
  /** A car's page and build log (issue 17). */
  car: (carId: string) => `/car/${segment(carId)}`,
  /** Every car of a model (issue 17), by the names the car carries. */
  carModel: (make: string, model: string) => `/cars/${segment(make)}/${segment(model)}`,
  /** The site's moderation queue and log (issue 18): operators only. */
  moderation: PAGE_PATTERNS.moderation,
  moderationLog: PAGE_PATTERNS.moderationLog,
  /** The posts of a tag (issue 21), `#` not included. */
  tag: (tag: string) => `/tags/${segment(tag)}`,
  /** A meet's page, its edit form, and the form creating one in a community (issue 21). */
  meet: (meetId: string) => `/meet/${segment(meetId)}`,
  editMeet: (meetId: string) => `/meet/${segment(meetId)}/edit`,
  createMeet: (communityId: string) => `/community/${segment(communityId)}/meets/new`,
} as const;
