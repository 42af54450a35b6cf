// The records the fake backend keeps. Plain data, so fixtures can build them and stories can
// read them. Relations are stored once: follows as edges, memberships on the community.
import type { NotificationType } from '../contract/index.ts';

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
  read: boolean;
  createdAt: string;
}

/** A post the person saved for later (the Saved page): private to them. */
export interface MockSave {
  userId: string;
  postId: string;
  savedAt: string;
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
  /** The user every request without a session cookie acts as (stories); null: signed out. */
  signedInAs?: string | null;
}

export const emptySeed = (): MockSeed => ({ users: [], follows: [], posts: [], comments: [], communities: [], notifications: [], saves: [], signedInAs: null });
