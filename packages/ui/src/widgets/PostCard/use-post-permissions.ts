import type { Comment, Post } from '@pitlane/api/contract';
import { useSession, useUserCommunities } from '@pitlane/api/hooks';

export interface PostPermissions {
  /** The post's author may edit it (spec §6); the community creator may not. */
  canEdit: boolean;
  /** The author, or the creator of the community the post is in. */
  canDeletePost: boolean;
  /** The comment's author, the post's author, or the community's creator. */
  canDeleteComment: (comment: Pick<Comment, 'author'>) => boolean;
  /** Anyone signed in but the author may report the post (issue 18). */
  canReportPost: boolean;
  /** Anyone signed in but the comment's author may report it. */
  canReportComment: (comment: Pick<Comment, 'author'>) => boolean;
}

/**
 * Spec §6 for one post and the signed-in user. Whether the user created the post's community
 * comes from their communities list (the session loads the same query, so this costs no call).
 */
export function usePostPermissions(post: Pick<Post, 'author' | 'community'>): PostPermissions {
  const { user } = useSession();
  const { data: communities } = useUserCommunities(user?.id);
  const userId = user?.id;
  const isAuthor = userId !== undefined && post.author._id === userId;
  const communityId = post.community?._id;
  const isCommunityCreator =
    userId !== undefined && communityId !== undefined && (communities ?? []).some((c) => c._id === communityId && c.creator._id === userId);
  return {
    canEdit: isAuthor,
    canDeletePost: isAuthor || isCommunityCreator,
    canDeleteComment: (comment) => userId !== undefined && (comment.author._id === userId || isAuthor || isCommunityCreator),
    canReportPost: userId !== undefined && !isAuthor,
    canReportComment: (comment) => userId !== undefined && comment.author._id !== userId,
  };
}
