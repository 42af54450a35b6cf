import { useParams } from 'wouter';
import { paths } from '@pitlane/api/contract';
import { PostForm } from '@pitlane/ui';
import { useGoBack } from '../app/go-back.ts';

/** Edit Post (spec §2): the post's title, text and photos to change; saved or cancelled, back. */
export default function EditPostPage() {
  const { postId = '' } = useParams();
  const goBack = useGoBack(paths.post(postId));
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-4 px-3 py-4 md:px-6 md:py-6">
      <h1 className="text-2xl font-bold tracking-tight">Edit Post</h1>
      <div className="rounded-lg bg-surface p-4 shadow-card md:p-6">
        <PostForm key={postId} mode="edit" postId={postId} onUpdated={goBack} onCancel={goBack} />
      </div>
    </div>
  );
}
