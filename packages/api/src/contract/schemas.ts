// Spec §3 entities as zod schemas. Everything is JSON as it travels: ids are strings and dates
// are ISO 8601 strings (the server sends `date.toISOString()`), so the same schemas validate
// requests and serialize responses on the server and parse responses in the client.
import { z } from 'zod';
import { MAX_COMMENT_LENGTH, MAX_COMMUNITY_DESCRIPTION_LENGTH, MAX_PHOTO_DESCRIPTION_LENGTH, PREVIEW_COMMENT_COUNT } from './constants.ts';

export const Id = z.string().min(1);
export const IsoDateTime = z.iso.datetime({ offset: true });

/** The short user shape posts, comments, lists, search and members carry. */
export const UserSummary = z.object({
  _id: Id,
  username: z.string(),
  fullName: z.string(),
  profilePictureUrl: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

/** The signed-in user, read as `id` (spec §3). `communities` holds community ids. */
export const SessionUser = z.object({
  id: Id,
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  profilePictureUrl: z.string(),
  followers: z.array(Id),
  following: z.array(Id),
  communities: z.array(Id),
  /**
   * "Require descriptions on my photos" (Edit Profile): posts without a description on every
   * photo are refused. Only in the person's own user (this shape); absent reads as off.
   */
  requirePhotoDescriptions: z.boolean().optional(),
  /**
   * A site operator (issue 18; granted by `npm run admin -- grant-operator <username>`, never
   * through the API): the site's moderation queue and log. Absent reads as false.
   */
  operator: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** A listed user with follow relations, e.g. the target returned by the follow toggle. */
export const PublicUser = UserSummary.extend({
  followers: z.array(Id),
  following: z.array(Id),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const SuggestedUser = UserSummary.extend({ followsYou: z.boolean() });
export type SuggestedUser = z.infer<typeof SuggestedUser>;

export const Community = z.object({
  _id: Id,
  name: z.string().min(1),
  description: z.string().max(MAX_COMMUNITY_DESCRIPTION_LENGTH),
  coverImageUrl: z.string(),
  /**
   * The cover's description for people who cannot see it (issue 18); '' when none. Optional: an
   * addition, so a community from an older server still parses (none then).
   */
  coverImageAlt: z.string().optional(),
  /** Member ids; the length is the member count. */
  members: z.array(Id),
  creator: UserSummary,
});
export type Community = z.infer<typeof Community>;

/** What the session keeps of each of the user's communities. */
export const CommunityRef = z.object({ _id: Id, name: z.string() });
export type CommunityRef = z.infer<typeof CommunityRef>;

/**
 * The profile user: `_id`, communities as objects, and `postCount`. `email` is present only when
 * the viewer looks at their own profile.
 */
export const ProfileUser = PublicUser.extend({
  email: z.string().optional(),
  communities: z.array(Community),
  postCount: z.number().int().min(0),
  /**
   * Whether the viewer blocked / muted this person (issue 18); absent reads as false (one's own
   * profile, an older server). A profile the viewer blocked comes with its name and picture only:
   * no followers, following or communities, and a post count of 0 (the page says "not available"
   * and offers Unblock). Someone who blocked the viewer answers 404 `profileUnavailable` instead.
   */
  blocked: z.boolean().optional(),
  muted: z.boolean().optional(),
  /**
   * Suspended by an operator (issue 18). Only operators ever see a suspended profile (with this
   * true); everyone else gets 404 `profileUnavailable`. Absent reads as false.
   */
  suspended: z.boolean().optional(),
});
export type ProfileUser = z.infer<typeof ProfileUser>;

export const PostCommunity = z.object({ _id: Id, name: z.string(), coverImageUrl: z.string() });
export type PostCommunity = z.infer<typeof PostCommunity>;

/** A photo's description, its alt text: may be empty (none given), at most 1,000 characters. */
export const PhotoDescription = z.string().max(MAX_PHOTO_DESCRIPTION_LENGTH);

/**
 * An image of a post as stored: its URL (as in `imageUrls`), its size in pixels and its
 * description (the image's `alt`; empty when the author gave none).
 */
export const PostImage = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: PhotoDescription,
});
export type PostImage = z.infer<typeof PostImage>;

/**
 * A car as a post card names it (issue 17): "1991 Porsche 911 Carrera 2" (`carLabel`, garage.ts),
 * linking to its page. `make` and `model` are the names from the list or as the owner typed them.
 */
export const CarRef = z.object({
  _id: Id,
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  /** Trim or nickname; '' when none. */
  trim: z.string(),
});
export type CarRef = z.infer<typeof CarRef>;

export const Post = z.object({
  _id: Id,
  title: z.string(),
  content: z.string(),
  /** 1 to 5 on create; an edit may keep fewer. */
  imageUrls: z.array(z.string()),
  /**
   * The same images, in the same order, with their stored size (so the UI can reserve space
   * before they load) and their descriptions. Optional on the wire; the server and the mock
   * backend always send it.
   */
  images: z.array(PostImage).optional(),
  /** Ids of the users who like the post. */
  likes: z.array(Id),
  author: UserSummary,
  /** Absent (or null) for a post on the author's own profile. */
  community: PostCommunity.nullish(),
  createdAt: IsoDateTime,
  /**
   * Whether the signed-in viewer saved the post (the Saved page). Private: it is only ever the
   * viewer's own answer, never anyone else's, and no reply counts a post's saves.
   */
  saved: z.boolean(),
  /**
   * The author's car the post is tagged to (issue 17), or null. Optional on the wire (an
   * addition); the server and the mock backend always send it.
   */
  car: CarRef.nullish(),
});
export type Post = z.infer<typeof Post>;

export const Comment = z.object({
  _id: Id,
  text: z.string().min(1).max(MAX_COMMENT_LENGTH),
  author: UserSummary,
  createdAt: IsoDateTime,
});
export type Comment = z.infer<typeof Comment>;

/**
 * A post card's comment preview: its `PREVIEW_COMMENT_COUNT` newest comments (newest first, the
 * first comments of `comments.list` page 1) and its comment count (`totalComments`).
 */
export const CommentPreview = z.object({
  comments: z.array(Comment).max(PREVIEW_COMMENT_COUNT),
  totalComments: z.number().int().min(0),
});
export type CommentPreview = z.infer<typeof CommentPreview>;

/**
 * A post in a list reply (feed, trending, by-user, related, community page): the post with its
 * comment preview, read in the same request so a page of cards needs no request per card.
 * Optional on the wire (an addition to the lists); the server and the mocks always send it.
 */
export const ListedPost = Post.extend({ commentsPreview: CommentPreview.optional() });
export type ListedPost = z.infer<typeof ListedPost>;

/**
 * `removed` (issue 18): a moderator removed the person's post or comment; `removal` says what and why.
 * `mention` (issue 21): someone mentioned the person in a post or a comment; `post` is that post.
 * Meets (issue 21), each with `meet`: `meet-reminder` (it starts within a day; the sender is its
 * creator), `meet-changed` (its creator changed its time or place), `meet-cancelled` (its creator
 * or the community's creator, the sender, cancelled it). Only people who answered going or
 * interested get them.
 */
export const NotificationType = z.enum(['like', 'comment', 'follow', 'removed', 'mention', 'meet-reminder', 'meet-changed', 'meet-cancelled']);
export type NotificationType = z.infer<typeof NotificationType>;

/** What a `removed` notification tells the author: what was removed, where, and the moderator's reason. */
export const Removal = z.object({
  kind: z.enum(['post', 'comment']),
  /** The post's title or the comment's text, as it was (the content itself is gone). */
  excerpt: z.string(),
  /** The community it was in, or null (removed by a site operator from a profile post). */
  community: z.object({ _id: Id, name: z.string() }).nullable(),
  reason: z.string(),
});
export type Removal = z.infer<typeof Removal>;

export const Notification = z.object({
  _id: Id,
  type: NotificationType,
  read: z.boolean(),
  createdAt: IsoDateTime,
  /** Who acted: the liker, commenter or follower; for `removed`, the moderator. */
  sender: z.object({ username: z.string(), fullName: z.string(), profilePictureUrl: z.string() }),
  /** Present for `like`, `comment` and `mention`. */
  post: z.object({ _id: Id, title: z.string() }).nullish(),
  /** Present for `removed`. */
  removal: Removal.nullish(),
  /** For a `mention` in a comment (not in the post itself): that comment. */
  commentId: Id.nullish(),
  /** Present for the meet notifications: the meet (linking to its page) as it is now. */
  meet: z.object({ _id: Id, title: z.string(), startsAt: IsoDateTime }).nullish(),
});
export type Notification = z.infer<typeof Notification>;

export const UnreadCount = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * One message of the live stream (LIVE_PATH): `unread` when the person's unread count may have
 * changed (on connecting, then after a like, comment or follow for them, or a read or clear on
 * another device); `post` when someone they follow posted where they can see it.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('unread'), count: z.number().int().min(0) }),
  z.object({ type: z.literal('post'), postId: Id, authorId: Id }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

export const TotalPages = z.number().int().min(0);

/** A page of posts. Pages are numbered from 1; `totalPages` is 0 for an empty list. */
export const PostPage = z.object({ posts: z.array(ListedPost), totalPages: TotalPages });
export type PostPage = z.infer<typeof PostPage>;

/** A page of comments, newest first. */
export const CommentPage = z.object({
  comments: z.array(Comment),
  totalComments: z.number().int().min(0),
  totalPages: TotalPages,
});
export type CommentPage = z.infer<typeof CommentPage>;

/** A community page: the community, whether the viewer is a member, and (members only) its posts. */
export const CommunityPage = z.object({
  community: Community,
  isMember: z.boolean(),
  posts: z.array(ListedPost),
  totalPages: TotalPages,
});
export type CommunityPage = z.infer<typeof CommunityPage>;

/** Every error reply, and the reply of calls whose body the spec does not show. */
export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;
export const ErrorBody = MessageBody;
export type ErrorBody = MessageBody;

export const Availability = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof Availability>;

export const UserEnvelope = z.object({ user: SessionUser });
export const FollowResult = z.object({ userToFollow: PublicUser, currentUser: SessionUser });
export type FollowResult = z.infer<typeof FollowResult>;
export const CurrentUserEnvelope = z.object({ currentUser: SessionUser });
export const Suggestions = z.object({ users: z.array(SuggestedUser), communities: z.array(Community) });
export type Suggestions = z.infer<typeof Suggestions>;
/**
 * A car of a garage (issue 17). `makeId`/`modelId` are its make and model in the shipped list
 * (garage.ts CarMake, CarModel), or null when the owner typed a name the list lacks; `make` and
 * `model` are the names either way. `current`: owned now (false: a past car).
 */
export const Car = CarRef.extend({
  makeId: Id.nullable(),
  modelId: Id.nullable(),
  colour: z.string(),
  description: z.string(),
  current: z.boolean(),
  /** '' when the car has no cover photo. */
  coverImageUrl: z.string(),
  coverImageAlt: z.string(),
  owner: UserSummary,
  /** Posts tagged to the car, and its build-log entries. */
  postCount: z.number().int().min(0),
  logCount: z.number().int().min(0),
  createdAt: IsoDateTime,
});
export type Car = z.infer<typeof Car>;

/** A tag (issue 21, normalized, without `#`) and how many posts carry it. */
export const TagCount = z.object({ tag: z.string(), postCount: z.number().int().min(0) });
export type TagCount = z.infer<typeof TagCount>;

/**
 * Search (spec §7) finds users and posts; beyond the spec (issue 17) also cars, by make, model,
 * trim or year, and posts by their car's make and model. `cars` is optional on the wire (an
 * addition); the server and the mock backend always send it. `tags` (issue 21): tags starting
 * with the query (`#` or not), most used first; optional on the wire (an addition).
 */
export const SearchResults = z.object({ users: z.array(UserSummary), posts: z.array(Post), cars: z.array(Car).optional(), tags: z.array(TagCount).optional() });
export type SearchResults = z.infer<typeof SearchResults>;

/**
 * A person in the viewer's Blocked or Muted list (issue 18, Edit Profile), newest first, with
 * when they were blocked or muted.
 */
export const HiddenUser = UserSummary.extend({ since: IsoDateTime });
export type HiddenUser = z.infer<typeof HiddenUser>;

/**
 * The answer of block, unblock, mute and unmute: where the viewer now stands with `userId`, and
 * the viewer's session user (a block ends the follows both ways: `following` and `followers`
 * change).
 */
export const HideResult = z.object({ userId: Id, blocked: z.boolean(), muted: z.boolean(), currentUser: SessionUser });
export type HideResult = z.infer<typeof HideResult>;
export const CreateCommunityResult = z.object({ newCommunity: Community, updatedUser: SessionUser });
export type CreateCommunityResult = z.infer<typeof CreateCommunityResult>;
export const RemoveMemberResult = z.object({ community: Community, user: SessionUser });
export type RemoveMemberResult = z.infer<typeof RemoveMemberResult>;

/**
 * The third-party sign-in the server offers, or null when none is configured: the provider's
 * display name ("Sign in with [name]"), its `{provider}` id for `POST /api/auth/{provider}`,
 * and the URL the browser opens to start the flow (it redirects to the provider).
 */
export const ProviderInfo = z.object({
  provider: z.object({ id: z.string(), name: z.string(), startUrl: z.string() }).nullable(),
});
export type ProviderInfo = z.infer<typeof ProviderInfo>;

// ---------------------------------------------------------------------------------------------
// Reports and moderation (issue 18).

export const ReportReason = z.enum(['spam', 'harassment', 'stolen_photo', 'dangerous_driving', 'other']);
export type ReportReason = z.infer<typeof ReportReason>;

/** What can be reported: a post, a comment, or a person (their profile). */
export const ReportTargetKind = z.enum(['post', 'comment', 'user']);
export type ReportTargetKind = z.infer<typeof ReportTargetKind>;

/** One person's report in a case: why, in their words, and when. */
export const CaseReport = z.object({
  reason: ReportReason,
  /** '' when the reporter added nothing (always given for `other`). */
  details: z.string(),
  reporter: UserSummary,
  createdAt: IsoDateTime,
});
export type CaseReport = z.infer<typeof CaseReport>;

/**
 * A case of a moderation queue: one reported item with its open reports (newest first). The
 * queue of a community holds its posts and their comments; the site's queue (operators) holds
 * everything else: posts on profiles, their comments, and people.
 */
export const ModerationCase = z.object({
  kind: ReportTargetKind,
  /** The post's, the comment's or the person's id. */
  targetId: Id,
  /** Who wrote it; for a reported person, that person. */
  author: UserSummary,
  /** The author's account is suspended (operators only see such cases). */
  authorSuspended: z.boolean(),
  community: z.object({ _id: Id, name: z.string() }).nullable(),
  /**
   * What the moderator reads before deciding: the post's title, content and first photo; the
   * comment's text with its post; for a person, '' and their picture as `imageUrl`.
   */
  title: z.string(),
  text: z.string(),
  imageUrl: z.string(),
  /** The post a comment is on (to open it); the post itself for a post; null for a person. */
  postId: Id.nullable(),
  reports: z.array(CaseReport).min(1),
  firstReportedAt: IsoDateTime,
});
export type ModerationCase = z.infer<typeof ModerationCase>;

export const ModerationQueue = z.object({ cases: z.array(ModerationCase), totalPages: TotalPages });
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const ModerationActionKind = z.enum(['dismissed', 'removed', 'suspended', 'unsuspended']);
export type ModerationActionKind = z.infer<typeof ModerationActionKind>;

/** One line of the moderation log: written once, never changed or deleted. */
export const ModerationAction = z.object({
  _id: Id,
  action: ModerationActionKind,
  /** What it was done to: a post, a comment or a person. */
  kind: ReportTargetKind,
  targetId: Id,
  /** The moderator. */
  actor: UserSummary,
  /** The author of the content, or the person. */
  subject: UserSummary,
  community: z.object({ _id: Id, name: z.string() }).nullable(),
  /** The post's title or the comment's text as it was; '' for a person. */
  excerpt: z.string(),
  /** The moderator's reason ('' for a dismissal). */
  reason: z.string(),
  /** How many open reports the action closed. */
  reportCount: z.number().int().min(0),
  createdAt: IsoDateTime,
});
export type ModerationAction = z.infer<typeof ModerationAction>;

export const ModerationLog = z.object({ actions: z.array(ModerationAction), totalPages: TotalPages });
export type ModerationLog = z.infer<typeof ModerationLog>;
