import * as React from 'react';
import { Bookmark } from 'lucide-react';
import { FALLBACK_MESSAGES, type Post } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useSavePost, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';

export interface SaveButtonProps {
  /** The post as the query cache holds it: saving changes it there, everywhere it is shown. */
  post: Pick<Post, '_id' | 'saved'>;
  className?: string;
}

/**
 * The bookmark of a post card (issue 21): saves the post to the person's Saved page, or takes it
 * out. One name, "Save post", with its state in `aria-pressed` (a toggle button's name stays the
 * same; the filled bookmark shows it). It changes at once on every card of the post and goes back
 * when the call fails, saying why beside it (a polite live region, as Share's note). Only a
 * signed-in person has saved posts, so no one else sees it.
 */
export function SaveButton({ post, className }: SaveButtonProps) {
  const { user } = useSession();
  const save = useSavePost(post._id);
  if (!user) return null;
  const failure = save.isError
    ? errorMessage(save.error, save.variables.saved ? FALLBACK_MESSAGES.savePostFailed : FALLBACK_MESSAGES.unsavePostFailed)
    : '';

  return (
    <span data-slot="save-button" className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <span role="status" className="min-w-0 text-right text-xs font-medium text-danger">
        {failure}
      </span>
      <IconButton aria-label="Save post" aria-pressed={post.saved} size="sm" onClick={() => save.mutate({ saved: !post.saved })}>
        <Bookmark aria-hidden className={cn('text-foreground', post.saved && 'fill-foreground')} />
      </IconButton>
    </span>
  );
}
