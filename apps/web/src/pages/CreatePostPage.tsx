import { useLocation, useSearchParams } from 'wouter';
import { paths } from '@pitlane/api/contract';
import { useSession } from '@pitlane/api/hooks';
import { Dialog, DialogContent, DialogDescription, DialogTitle, PostForm } from '@pitlane/ui';
import { useGoBack } from '../app/go-back.ts';
import { useHistoryState } from '../app/location.tsx';

/** What a community page passes along when it opens Create Post. */
export interface CreatePostState {
  communityId?: string;
}

/**
 * Create Post (spec §2), a modal over the page it was opened from (the feed when opened
 * directly; see app/routes.tsx). The community comes preselected from a community page, by
 * navigation state or `?community=`. Success goes to the profile, or to the community.
 */
export default function CreatePostPage() {
  const [, navigate] = useLocation();
  const state = useHistoryState<CreatePostState>();
  const [params] = useSearchParams();
  const { user } = useSession();
  const close = useGoBack(paths.feeds);
  const communityId = state?.communityId ?? params.get('community') ?? undefined;

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent size="xl">
        <DialogTitle>Create Post</DialogTitle>
        <DialogDescription className="sr-only">A title, what is on your mind and up to 5 photos.</DialogDescription>
        <PostForm
          mode="create"
          communityId={communityId}
          onCancel={close}
          onCreated={(post) =>
            navigate(post.community ? paths.community(post.community._id) : paths.profile(user?.username ?? post.author.username), { replace: true })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
