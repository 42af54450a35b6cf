import * as React from 'react';
import { Heart } from 'lucide-react';
import type { Post } from '@pitlane/api/contract';
import { likeState, useSession, useToggleLike } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';

export interface LikeButtonProps extends Omit<React.ComponentProps<'button'>, 'children' | 'onClick'> {
  /** The post as the query cache holds it: the like changes it there, everywhere it is shown. */
  post: Pick<Post, '_id' | 'likes'>;
}

/**
 * Spec §2 and §4: "[n] Likes". A like toggles at once (optimistic, through the cache) and takes
 * the server's likes after, or goes back silently when the call fails. Liking plays the 240 ms
 * heart pulse, which `motion-safe` leaves out for people who asked for reduced motion.
 */
export function LikeButton({ post, className, ...props }: LikeButtonProps) {
  const { user } = useSession();
  const toggleLike = useToggleLike();
  const { liked, count } = likeState(post, user?.id);
  // Each new like remounts the heart, which restarts its pulse.
  const [pulses, setPulses] = React.useState(0);

  return (
    <Button
      variant="ghost"
      size="action"
      aria-pressed={liked}
      disabled={!user}
      className={cn('tabular-nums', className)}
      onClick={() => {
        if (!liked) setPulses((n) => n + 1);
        toggleLike.mutate({ postId: post._id });
      }}
      {...props}
    >
      <Heart
        key={pulses}
        data-slot="like-heart"
        aria-hidden
        className={cn(liked ? 'fill-accent text-accent' : 'text-foreground', pulses > 0 && 'motion-safe:animate-pulse-heart')}
      />
      {`${count} Likes`}
    </Button>
  );
}
