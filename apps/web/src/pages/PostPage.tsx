import { useLocation, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@pitlane/api/contract';
import { IconButton } from '@pitlane/ui';
import { PostDetail } from '../app/PostDetail.tsx';
import { useGoBack } from '../app/go-back.ts';

/** Post detail (spec §2): a back button and the one post card; after deleting it, `/`. */
export default function PostPage() {
  const { postId = '' } = useParams();
  const [, navigate] = useLocation();
  const goBack = useGoBack(paths.feeds);
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-3 px-3 py-4 md:px-6 md:py-6">
      <IconButton aria-label="Back" onClick={goBack} className="self-start">
        <ArrowLeft />
      </IconButton>
      <PostDetail key={postId} postId={postId} onDeleted={() => navigate(paths.root, { replace: true })} />
    </div>
  );
}
