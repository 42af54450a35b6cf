import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useModelPosts } from '@pitlane/api/hooks';
import { PostList } from '../PostList/PostList.tsx';

export interface ModelPostListProps {
  /** The make and model as the URL names them (`/cars/{make}/{model}`). */
  make: string;
  model: string;
  className?: string;
}

/**
 * A model's page under its cars (issue 17): the posts tagged to cars of that model, as full cards,
 * newest first, in an infinite scroll.
 */
export function ModelPostList({ make, model, className }: ModelPostListProps) {
  const posts = useModelPosts(make, model);
  return (
    <PostList
      query={posts}
      label={`Posts about the ${make} ${model}`}
      className={className}
      priority={false}
      emptyText="No posts tagged to this model yet."
      endText="That's every post about this model."
      errorText={FALLBACK_MESSAGES.modelPostsFailed}
    />
  );
}
