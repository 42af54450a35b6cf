import * as React from 'react';
import { Link } from 'wouter';
import { Pencil, Trash2 } from 'lucide-react';
import { FALLBACK_MESSAGES, POST_CARD_IMAGE_SIZES, communityCoverThumbUrl, paths, postImageSrcSet, type Post } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useDeletePost } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { pageSettled } from '../../lib/when-settled.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { LazyConfirmDialog } from '../../primitives/ConfirmDialog/LazyConfirmDialog.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { CarChip } from '../CarChip/CarChip.tsx';
import { CommentsPreview } from '../CommentsPreview/CommentsPreview.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { ImageSlider } from '../ImageSlider/ImageSlider.tsx';
import { LikeButton } from '../LikeButton/LikeButton.tsx';
import { SaveButton } from '../SaveButton/SaveButton.tsx';
import { RichText } from '../RichText/RichText.tsx';
import { ShareButton } from '../ShareButton/ShareButton.tsx';
import { MoreActionsButton } from './MoreActionsButton.tsx';
import { usePostPermissions } from './use-post-permissions.ts';

/** Resolved by the first press on any card's stand-in "More actions" button. */
let askForMenu: () => void = () => {};
const menuAskedFor = new Promise<void>((resolve) => (askForMenu = resolve));
const PostActionsMenu = React.lazy(async () => {
  await Promise.race([menuAskedFor, pageSettled()]);
  return import('./PostActionsMenu.tsx');
});

export interface PostCardProps extends Omit<React.ComponentProps<'article'>, 'children'> {
  /** The post as a query hook returns it (feed, detail, community, related), so likes update in place. */
  post: Post;
  /** Called once the post is deleted; the page then goes to `/` (spec §2). */
  onDeleted?: (postId: string) => void;
  /** The title's heading level: 2 in a feed under the page's h1; 1 alone on the post page. */
  headingLevel?: 1 | 2 | 3;
  /** The page's main picture: the first card of a feed, a post's own page (see ImageSlider). */
  priority?: boolean;
}

/**
 * The post card of spec §2, shared by the feed, post detail, community page and related posts:
 * who posted it, where and when; Edit and Delete for those §6 allows, and for everyone else signed
 * in a "More actions" menu with Report post (issue 18); title, text (its mentions and tags linked), the car it is tagged to
 * (issue 17) and photos; like, share, save (the bookmark, issue 21) and the comments preview.
 */
export function PostCard({ post, onDeleted, headingLevel = 2, priority = false, className, ...props }: PostCardProps) {
  const { canEdit, canDeletePost, canReportPost } = usePostPermissions(post);
  const deletePost = useDeletePost();
  const [confirming, setConfirming] = React.useState(false);
  const [deleteError, setDeleteError] = React.useState<string | null>(null);
  const titleId = React.useId();
  const Heading = `h${headingLevel}` as const;
  const profile = paths.profile(post.author.username);
  const descriptions = new Map(post.images?.map((image) => [image.url, image.alt]));
  const images = post.imageUrls.map((url) => ({ url, srcSet: postImageSrcSet(url), alt: descriptions.get(url) }));

  return (
    <article
      data-slot="post-card"
      aria-labelledby={titleId}
      className={cn('flex flex-col overflow-hidden rounded-lg bg-surface shadow-card', className)}
      {...props}
    >
      {post.community && (
        <div className="flex border-b px-4 py-2">
          <Link
            to={paths.community(post.community._id)}
            className="group flex min-w-0 items-center gap-2 rounded-sm text-sm text-muted-foreground"
          >
            <img src={communityCoverThumbUrl(post.community.coverImageUrl)} alt="" className="size-6 shrink-0 rounded-sm object-cover" />
            <span className="min-w-0 truncate">
              Posted in <span className="font-semibold text-foreground group-hover:underline">{post.community.name}</span>
            </span>
          </Link>
        </div>
      )}

      <header className="flex items-center gap-3 px-4 pt-4">
        <Link to={profile} tabIndex={-1} aria-hidden className="shrink-0">
          <Avatar name={post.author.fullName} src={post.author.profilePictureUrl} alt="" />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col">
          <Link to={profile} className="truncate font-semibold hover:underline">
            {post.author.fullName}
          </Link>
          <DateTime value={post.createdAt} className="text-xs text-muted-foreground" />
        </div>
        {canEdit && (
          <IconButton asChild aria-label="Edit post" size="sm">
            <Link to={paths.editPost(post._id)}>
              <Pencil />
            </Link>
          </IconButton>
        )}
        {canReportPost && <PostActions postId={post._id} />}
        {canDeletePost && (
          <>
            <IconButton aria-label="Delete post" size="sm" className="hover:text-danger" onClick={() => setConfirming(true)}>
              <Trash2 />
            </IconButton>
            <LazyConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Delete Post"
              message="Are you sure you want to permanently delete this post?"
              confirmLabel="Delete"
              busyLabel="Deleting..."
              tone="danger"
              // The dialog closes either way; a failure is shown in the card, where it stays put.
              onConfirm={() => {
                setDeleteError(null);
                return deletePost.mutateAsync({ postId: post._id }).then(
                  () => onDeleted?.(post._id),
                  (error: unknown) => setDeleteError(errorMessage(error, FALLBACK_MESSAGES.genericError)),
                );
              }}
            />
          </>
        )}
      </header>

      {deleteError && (
        <p role="alert" className="mx-4 mt-3 rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {deleteError}
        </p>
      )}

      <div className="flex flex-col gap-1 px-4 pt-3 pb-3">
        <Heading id={titleId} className="text-base leading-snug font-semibold break-words">
          {post.title}
        </Heading>
        {post.content && <RichText text={post.content} className="text-sm" />}
        {/* The car it is tagged to (issue 17): small print under the words, before the photos. */}
        {post.car ? <CarChip car={post.car} className="mt-1.5 self-start" /> : null}
      </div>

      {images.length > 0 && <ImageSlider images={images} label={post.title} sizes={POST_CARD_IMAGE_SIZES} priority={priority} />}

      <div className="flex items-center gap-1 px-2 pt-2">
        <LikeButton post={post} />
        <ShareButton post={post} />
        <SaveButton post={post} className="ml-auto" />
      </div>

      <CommentsPreview post={post} className="px-4 pt-2 pb-4" />
    </article>
  );
}

/**
 * The "More actions" menu, its code (the Radix menu, ~21 KB) fetched once the page has settled or
 * on the first press, not while the page's first picture is on its way (issue 22). Until then the
 * same button stands in, so nothing moves: it is Suspense's fallback from the first draw to the
 * menu's arrival, one element throughout, so a press is never lost to a swap of buttons (a press
 * counts from its pointerdown, as it does on the menu's own trigger), and the menu opens on arrival.
 */
function PostActions({ postId }: { postId: string }) {
  const [pressed, setPressed] = React.useState(false);
  const press = () => {
    askForMenu();
    setPressed(true);
  };
  const standIn = (
    <MoreActionsButton
      aria-haspopup="menu"
      aria-expanded={false}
      // The presses the menu's own trigger opens on: the main button, without Ctrl.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) press();
      }}
      onClick={press}
    />
  );
  // Drawn on the server, and hydrated, as the stand-in alone (use-hydrated.ts).
  if (!useHydrated()) return standIn;
  return (
    <React.Suspense fallback={standIn}>
      <PostActionsMenu postId={postId} defaultOpen={pressed} />
    </React.Suspense>
  );
}
