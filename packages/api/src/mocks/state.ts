// The records the fake backend keeps. Plain data, so fixtures can build them and stories can
// read them. Relations are stored once: follows as edges, memberships on the community.
import type { LOG_CURRENCIES, MeetRsvp, MeetStatus, MILEAGE_UNITS, ModerationActionKind, NotificationType, Removal, ReportReason, ReportTargetKind } from '../contract/index.ts';

export interface MockUser {
  id: string;
  username: string;
  fullName: string;
  /** Stored lower-case. */
  email: string;
  /** Plain text: this is a fake. */
  password: string;
  profilePictureUrl: string;
  /** "Require descriptions on my photos"; absent: off. */
  requirePhotoDescriptions?: boolean;
  /** A site operator (issue 18): the site's queue and log, acts on every case, suspends. Absent: no. */
  operator?: boolean;
  /** Suspended by an operator (issue 18): cannot sign in, hidden from everyone's lists. Absent: no. */
  suspended?: boolean;
  createdAt: string;
}

export interface MockFollow {
  followerId: string;
  followeeId: string;
  createdAt: string;
}

export interface MockPost {
  id: string;
  title: string;
  content: string;
  imageUrls: string[];
  /** Each photo's description (alt text), in the order of `imageUrls`; absent or empty: none. */
  imageAlts?: string[];
  /** Ids of the users who like the post, in the order they liked it. */
  likes: string[];
  /** When each like was given, by user id (trending); a like without a time counts from the post's creation. */
  likedAt?: Record<string, string>;
  authorId: string;
  communityId: string | null;
  /** The author's car the post is tagged to (issue 17); absent or null: none. */
  carId?: string | null;
  createdAt: string;
}

export interface MockComment {
  id: string;
  postId: string;
  authorId: string;
  text: string;
  createdAt: string;
}

export interface MockCommunity {
  id: string;
  name: string;
  description: string;
  coverImageUrl: string;
  /** The cover's description ('' none); absent in older seeds. */
  coverImageAlt?: string;
  /** Member ids in joining order; the creator is always the first. */
  members: string[];
  creatorId: string;
  createdAt: string;
}

export interface MockNotification {
  id: string;
  recipientId: string;
  senderId: string;
  type: NotificationType;
  postId: string | null;
  /** For `removed` (issue 18): what a moderator removed, where, and why (the content is gone). */
  removal?: Removal | null;
  /** For a `mention` in a comment (issue 21): that comment; gone with it, as the server's cascade. */
  commentId?: string | null;
  /** For the meet notifications (issue 21): the meet; gone with it. */
  meetId?: string | null;
  read: boolean;
  createdAt: string;
}

/** A post the person saved for later (the Saved page): private to them. */
export interface MockSave {
  userId: string;
  postId: string;
  savedAt: string;
}

/** `blockerId` blocked `blockedId` (issue 18): neither sees the other. */
export interface MockBlock {
  blockerId: string;
  blockedId: string;
  createdAt: string;
}

/** `muterId` muted `mutedId` (issue 18): the muted person's posts, comments and notifications leave the muter's lists. */
export interface MockMute {
  muterId: string;
  mutedId: string;
  createdAt: string;
}

/**
 * One person's report on a post, a comment or a person (issue 18). Open until a moderator
 * dismisses the case, removes the content or suspends the person (`closedAt`); kept after, so
 * the same person cannot report the same item twice.
 */
export interface MockReport {
  id: string;
  reporterId: string;
  kind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  /** '' when the reporter added nothing. */
  details: string;
  createdAt: string;
  closedAt: string | null;
}

/** A line of the moderation log (issue 18): written once, never changed. */
export interface MockModerationAction {
  id: string;
  action: ModerationActionKind;
  kind: ReportTargetKind;
  targetId: string;
  actorId: string;
  /** The author of the content, or the person. */
  subjectId: string;
  community: { _id: string; name: string } | null;
  /** The post's title or the comment's text as it was; '' for a person. */
  excerpt: string;
  reason: string;
  reportCount: number;
  createdAt: string;
}

/**
 * A car of someone's garage (issue 17). `makeId`/`modelId` point into the fake's make and model
 * list (car-list.ts), or are null when the owner typed a name the list lacks; `make` and `model`
 * are the names either way.
 */
export interface MockCar {
  id: string;
  ownerId: string;
  makeId: string | null;
  make: string;
  modelId: string | null;
  model: string;
  year: number;
  /** Trim or nickname; '' none. */
  trim: string;
  colour: string;
  description: string;
  /** Owned now; false: a past car. */
  current: boolean;
  /** '' when the car has no cover photo. */
  coverImageUrl: string;
  coverImageAlt: string;
  createdAt: string;
}

/** An entry of a car's build log. */
export interface MockCarLogEntry {
  id: string;
  carId: string;
  /** `YYYY-MM-DD`. */
  date: string;
  title: string;
  text: string;
  mileage: number | null;
  mileageUnit: (typeof MILEAGE_UNITS)[number];
  cost: number | null;
  currency: (typeof LOG_CURRENCIES)[number];
  imageUrls: string[];
  /** One description per photo ('' none). */
  imageAlts: string[];
  createdAt: string;
}

/**
 * A signed-in browser (issue 19, active sessions). `token` is the cookie that signs it in; null
 * for the session requests without a cookie come with (a story's signed-in user).
 */
export interface MockSession {
  id: string;
  userId: string;
  token: string | null;
  device: string | null;
  createdAt: string;
  lastActiveAt: string;
}

/**
 * Two-factor sign-in of one user (issue 19). The fake's authenticator app always shows
 * MOCK_TWO_FACTOR_CODE (backend/two-factor.ts); recovery codes are kept as shown (it is a fake).
 */
export interface MockTwoFactor {
  userId: string;
  secret: string;
  /** False: a setup not finished yet. */
  enabled: boolean;
  recoveryCodes: string[];
}

/**
 * A community's meet (issue 21): times as instants (UTC ISO) with the zone they were given in;
 * its creator answered going when they created it. Lists read it at the fake's clock.
 */
export interface MockMeet {
  id: string;
  communityId: string;
  creatorId: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** null when the meet has no cover photo. */
  coverImageUrl: string | null;
  coverImageAlt: string;
  status: MeetStatus;
  createdAt: string;
}

/** One person's answer to a meet; the list's order is the order of the answers (first answered first). */
export interface MockMeetRsvp {
  meetId: string;
  userId: string;
  rsvp: MeetRsvp;
}

/** Everything the fake knows. A fixture is a seed; the backend works on its own deep copy. */
export interface MockSeed {
  users: MockUser[];
  follows: MockFollow[];
  posts: MockPost[];
  comments: MockComment[];
  communities: MockCommunity[];
  notifications: MockNotification[];
  saves: MockSave[];
  /** Garages and build logs (issue 17). The make and model list is the fake's own (car-list.ts), in every seed. */
  cars: MockCar[];
  carLog: MockCarLogEntry[];
  /** Blocks and mutes (issue 18). */
  blocks: MockBlock[];
  mutes: MockMute[];
  /** Reports and the moderation log (issue 18); absent in older seeds reads as none. */
  reports?: MockReport[];
  moderationLog?: MockModerationAction[];
  /** Signed-in browsers with their device and last use (issue 19); absent reads as none. */
  sessions?: MockSession[];
  /** Two-factor sign-in (issue 19); absent reads as nobody's. */
  twoFactor?: MockTwoFactor[];
  /** Meets and their answers (issue 21); absent reads as none. */
  meets?: MockMeet[];
  meetRsvps?: MockMeetRsvp[];
  /** The user every request without a session cookie acts as (stories); null: signed out. */
  signedInAs?: string | null;
}

export const emptySeed = (): MockSeed => ({ users: [], follows: [], posts: [], comments: [], communities: [], notifications: [], saves: [], cars: [], carLog: [], blocks: [], mutes: [], reports: [], moderationLog: [], signedInAs: null });
