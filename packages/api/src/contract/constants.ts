// Spec §9: every business constant and limit, named once. UI, server and mocks import these.

/** Images per post: at least 1 on create, at most 5 (create and edit). */
export const MIN_POST_IMAGES = 1;
export const MAX_POST_IMAGES = 5;

export const MAX_COMMENT_LENGTH = 300;
export const MAX_COMMUNITY_DESCRIPTION_LENGTH = 300;
/**
 * A photo's description (its alt text, issue 18): at most this many characters, room for a
 * careful description of a busy scene (Mastodon allows 1,500, Bluesky 2,000). Not in spec §9.
 */
export const MAX_PHOTO_DESCRIPTION_LENGTH = 1000;

/**
 * Reports and moderation (issue 18): what a reporter may add in their own words, and the reason a
 * moderator gives for a removal or a suspension (the author reads it). Not in spec §9.
 */
export const MAX_REPORT_DETAILS_LENGTH = 500;
export const MAX_MODERATION_REASON_LENGTH = 500;

/**
 * Mentions and tags (issue 21; rich-text.ts reads them). A tag is at most MAX_TAG_LENGTH letters,
 * digits or underscores. Of one text, the first MAX_TAGS_PER_TEXT tags are stored (the rest stay
 * links) and the first MAX_MENTIONS_PER_TEXT people mentioned are notified: enough for any
 * honest post, a bound on what one post can fan out. Type-ahead offers TYPEAHEAD_LIMIT choices.
 * Discover shows the TRENDING_TAGS_COUNT tags of the most posts of the last
 * TRENDING_TAGS_WINDOW_DAYS days. Not in spec §9.
 */
export const MAX_TAG_LENGTH = 50;
export const MAX_TAGS_PER_TEXT = 10;
export const MAX_MENTIONS_PER_TEXT = 10;
export const TYPEAHEAD_LIMIT = 8;
export const TRENDING_TAGS_COUNT = 10;
export const TRENDING_TAGS_WINDOW_DAYS = 7;
/** How many tags a search shows (issue 21): a few, beside the people and posts. */
export const SEARCH_TAG_LIMIT = 5;

/** Comments shown in a post card's preview. */
export const PREVIEW_COMMENT_COUNT = 2;
/** "No more comments" shows only when more than this many comments are loaded. */
export const NO_MORE_COMMENTS_AFTER = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';
export const FULL_NAME_MIN_LENGTH = 2;

/**
 * Page sizes. The spec leaves them open ("not shown"); these are the contract's choice and the
 * server and the mocks both page with them. Pages are numbered from 1; `totalPages` is
 * ceil(total / size), and 0 for an empty list.
 */
export const PAGE_SIZES = {
  feed: 10,
  trending: 12,
  byUser: 12,
  related: 10,
  communityPosts: 10,
  comments: 10,
  /** The Saved page: the person's saved posts, newest saved first. */
  saved: 10,
  /** A car's page (issue 17): its build log, posts and log entries in one timeline. */
  carTimeline: 10,
  /** A model's page (issue 17): the cars of that model, and the posts tagged to them. */
  modelCars: 12,
  modelPosts: 12,
  /** A moderation queue (issue 18): reported items, the longest waiting first. */
  moderationQueue: 10,
  /** The moderation log (issue 18): actions, newest first. */
  moderationLog: 20,
  /** A tag's page (issue 21): the posts carrying it, newest first. */
  tagPosts: 10,
  /** Meets (issue 21): the Events page and a community's meets, soonest start first, as posts page. */
  upcomingMeets: 10,
  communityMeets: 10,
  /** A meet's people going (or interested), first answered first. */
  meetAttendees: 20,
} as const;

/**
 * Trending order (the server keeps it per post, the mock backend computes it the same way):
 * every event of a post counts `weight × 2^(−age / halfLifeHours)`, the post itself (its
 * creation) `postWeight`, each like `likeWeight`, each comment `commentWeight`; the higher the
 * sum, the higher the post, newer first among equals. Recent likes and comments therefore lift a
 * post, and every post sinks by half its activity each `halfLifeHours`.
 */
export const TRENDING = { halfLifeHours: 24, postWeight: 1, likeWeight: 1, commentWeight: 2 } as const;

/**
 * The garage (issue 17). A car's year runs from the first motor car (Benz, 1886) to next year
 * (a model year is sold the year before it), read from the clock at the time of the check.
 */
export const CAR_YEAR_MIN = 1886;
export const carYearMax = (now: Date = new Date()): number => now.getUTCFullYear() + 1;
/** Lengths of a car's and a log entry's texts, in characters. */
export const CAR_TEXT_LIMITS = {
  /** A make or model typed in because the list lacks it. */
  freeTextName: 40,
  trim: 60,
  colour: 40,
  description: 500,
  logTitle: 100,
  logText: 2000,
} as const;
/** Cars in one garage, current and past together: room for a collector, not for a dealer's stock. */
export const MAX_GARAGE_CARS = 100;
/** Photos per build-log entry (none required). */
export const MAX_LOG_PHOTOS = 5;
/** A log entry's odometer reading (whole km or miles) and cost (two decimals), at most. */
export const MAX_LOG_MILEAGE = 9_999_999;
export const MAX_LOG_COST = 9_999_999.99;
export const MILEAGE_UNITS = ['km', 'mi'] as const;
/** The currencies a log entry's cost is offered in (ISO 4217), the first one preselected. */
export const LOG_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'JPY', 'CAD', 'AUD', 'NZD'] as const;
/** Makes or models a type-ahead picker offers per query. */
export const CAR_PICKER_LIMIT = 20;
/** Search results: at most this many users and this many posts per query. */
export const SEARCH_RESULT_LIMIT = 20;
/** Suggestions panel: at most this many users and communities. */
export const SUGGESTION_LIMIT = 5;

export const WINDOW_INFINITE_SCROLL_TRIGGER_PX = 300;
export const COMMENTS_MODAL_INFINITE_SCROLL_TRIGGER_PX = 50;
export const SEARCH_DEBOUNCE_MS = 500;

export const REDIRECT_AFTER_REGISTER_MS = 2000;
export const REDIRECT_AFTER_PASSWORD_RESET_MS = 2000;
export const REDIRECT_AFTER_PROFILE_UPDATE_MS = 1500;
/** The notifications page marks all as read on leave only after this long on the page. */
export const MIN_NOTIFICATIONS_VIEW_MS = 2000;

/**
 * Beyond the spec (issue 16): while the live stream (LIVE_PATH) cannot open, the unread count is
 * asked for this often instead; with the stream open it is never polled.
 */
export const UNREAD_POLL_MS = 60_000;

export const BOTTOM_SHEET_ANIMATION_MS = 300;
export const LIKE_PULSE_MS = 240;

/** Mobile means a window narrower than this. */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * How wide a post card's photos show, the `sizes` beside their `srcset`: the pages that hold cards
 * (feed, post, community) are at most ~640 px wide; below the mobile breakpoint a card runs nearly
 * edge to edge. The server preloads a feed's first photo with it, so the browser picks the same file.
 */
export const POST_CARD_IMAGE_SIZES = `(min-width: ${MOBILE_BREAKPOINT_PX}px) 640px, 100vw`;
export const AUTH_IMAGE_HIDDEN_BELOW_PX = 900;
export const MOBILE_BOTTOM_BAR_HEIGHT_PX = 60;
export const SIDEBAR = { widthPercent: 20, minPx: 200, maxPx: 280 } as const;
export const MAIN_COLUMN_PERCENT = 70;
export const SUGGESTIONS_COLUMN_PERCENT = 30;
export const COMMENTS_MODAL_WIDTH_PX = 600;

export const IMAGE_SLIDER_SWIPE_THRESHOLD_PX = 40;
export const IMAGE_SLIDER_DEFAULT_HEIGHT_PX = 400;

/**
 * The widths each post image is stored at (WebP, the whole picture inside a box this wide, never
 * scaled up). `full` is the primary size, the URL a post keeps (`…-full.webp`); the others are
 * the same URL with the size's name swapped in (`…-card.webp`). The server's media pipeline makes
 * them; the UI offers them to the browser as a `srcset`, which picks one for the slot and screen.
 */
export const POST_IMAGE_WIDTHS = { thumb: 400, card: 800, full: 1600 } as const;
export type PostImageSize = keyof typeof POST_IMAGE_WIDTHS;

const STORED_POST_IMAGE = /-full\.webp$/;

/**
 * The `srcset` of a stored post image (`<url> 400w, … 1600w`), or undefined for a URL that is not
 * one: the mock backend's data-URL pictures have a single size.
 */
export function postImageSrcSet(url: string): string | undefined {
  if (!STORED_POST_IMAGE.test(url)) return undefined;
  return Object.entries(POST_IMAGE_WIDTHS)
    .map(([size, width]) => `${url.replace(STORED_POST_IMAGE, `-${size}.webp`)} ${width}w`)
    .join(', ');
}

const STORED_COVER = /-wide\.webp$/;

/**
 * The small stored size of a community cover (≤ 480×160, `…-thumb.webp`) from the URL a
 * community carries (the 1500×500 `…-wide.webp`), for the covers shown a few dozen pixels wide
 * (the "Posted in" badge, suggestions). Any other URL (the mock backend's data URLs) as it is.
 */
export function communityCoverThumbUrl(url: string): string {
  return url.replace(STORED_COVER, '-thumb.webp');
}

const STORED_AVATAR = /-large\.webp$/;

/**
 * The small stored size of a profile picture (96×96, `…-small.webp`) from the URL a user carries
 * (the 256×256 `…-large.webp`), for avatars up to 48 CSS px (cards, comments, lists: ~4 KB less
 * each). Any other URL (the mock backend's data URLs) as it is.
 */
export function avatarSmallUrl(url: string): string {
  return url.replace(STORED_AVATAR, '-small.webp');
}

/** The unread badge shows above 0; above this cap it reads "9+". */
export const UNREAD_BADGE_CAP = 9;
/** "This Week" is today plus the previous 6 days. */
export const NOTIFICATIONS_WEEK_DAYS = 7;

export const POST_GRID_MIN_COLUMN_PX = { mobile: 150, desktop: 250 } as const;
export const SKELETON_COUNTS = { postGrid: 8, notificationList: 3, suggestionList: 3, suggestionsPanel: 5 } as const;
export const SPINNER_HEIGHT_PX = { mobile: 100, desktop: 150 } as const;
export const CONFIRM_DIALOG_LAYER = { default: 1000, mobileMenu: 2001 } as const;
export const CAR_SPINNER = { framesPerSecond: 46, frames: 139 } as const;

export const SHARE_DEFAULT_TITLE = 'Check this post';
/** The URL a shared post carries: `{origin}/post/{id}`. */
export const sharedPostUrl = (origin: string, postId: string): string => `${origin}/post/${postId}`;

export const IDENTITY_PROVIDER_DEFAULT_SCOPES = ['openid', 'profile', 'email'] as const;

/**
 * Two-factor sign-in (issue 19): codes from an authenticator app (TOTP, RFC 6238: 6 digits, a new
 * one every 30 seconds; the server also takes the one before and after, for a clock that drifts),
 * recovery codes for a lost phone (each works once), and the step between password and code: a
 * challenge that lives 5 minutes and takes 5 tries, then the person signs in again.
 */
export const TWO_FACTOR = {
  codeLength: 6,
  periodSeconds: 30,
  /** Steps before and after the current one that are accepted too. */
  driftSteps: 1,
  recoveryCodeCount: 10,
  challengeMinutes: 5,
  /** Wrong codes per challenge; after them even the right one is refused. */
  challengeAttempts: 5,
  /** Wrong codes per account per 15 minutes, over every challenge and settings call. */
  accountFailures: 10,
  /** The name authenticator apps show beside the account. */
  issuer: 'Pitlane',
} as const;

/**
 * The data export (issue 19, Edit Profile "Your data"): one zip per person a minute, and the
 * file's name, `pitlane-<username>-<YYYY-MM-DD>.zip`, dated by the server's clock in UTC.
 */
export const DATA_EXPORT = { perWindow: 1, windowSeconds: 60 } as const;
export const dataExportFileName = (username: string, now: Date): string => `pitlane-${username}-${now.toISOString().slice(0, 10)}.zip`;

/**
 * Meets (issue 21): text lengths in characters; a meet starts at most MEET_MAX_AHEAD_DAYS (two
 * years) ahead; a community page shows its first COMMUNITY_PAGE_MEETS upcoming meets; everyone
 * going or interested is reminded once when the meet starts within `withinHours`, the job looking
 * every `everyMinutes`.
 */
export const MEET_TEXT_LIMITS = { title: 100, description: 2000, address: 200 } as const;
export const MEET_MAX_AHEAD_DAYS = 730;
export const COMMUNITY_PAGE_MEETS = 3;
export const MEET_REMINDER = { withinHours: 24, everyMinutes: 10 } as const;

/** The unread badge's text, or null when no badge shows. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}
