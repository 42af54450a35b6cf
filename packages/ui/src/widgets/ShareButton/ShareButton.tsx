import * as React from 'react';
import { Share2 } from 'lucide-react';
import { SHARE_DEFAULT_TITLE, sharedPostUrl, type Post } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';

export interface ShareButtonProps extends Omit<React.ComponentProps<'button'>, 'children' | 'onClick'> {
  post: Pick<Post, '_id' | 'title' | 'content'>;
  /** The origin shared links point at; the page's own by default. */
  origin?: string;
}

type Status = 'idle' | 'copied' | 'copyFailed';
const STATUS_TEXT: Record<Status, string> = { idle: '', copied: 'Link copied', copyFailed: 'Could not copy the link.' };

/**
 * Spec §2: opens the device share sheet with the title ("Check this post" when there is none),
 * the content and `{origin}/post/{id}`. Where there is no share sheet (most desktop browsers)
 * it copies the link instead and says so in a polite live region.
 */
export function ShareButton({ post, origin, className, ...props }: ShareButtonProps) {
  const [status, setStatus] = React.useState<Status>('idle');
  const [announcement, setAnnouncement] = React.useState(0);

  const share = async () => {
    const url = sharedPostUrl(origin ?? window.location.origin, post._id);
    const data = { title: post.title || SHARE_DEFAULT_TITLE, text: post.content, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
      } catch {
        // Closing the sheet rejects with AbortError: the person changed their mind, nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus('copied');
    } catch {
      setStatus('copyFailed');
    }
    // A second copy says it again: a new key makes the live region announce the same words.
    setAnnouncement((n) => n + 1);
  };

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="ghost" size="action" className={className} onClick={share} {...props}>
        <Share2 aria-hidden />
        Share
      </Button>
      <span role="status" className={cn('text-sm', status === 'copyFailed' ? 'text-danger' : 'text-muted-foreground')}>
        <span key={announcement}>{STATUS_TEXT[status]}</span>
      </span>
    </span>
  );
}
