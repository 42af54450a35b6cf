import { Redirect, useParams } from 'wouter';
import { normalizeTag, paths } from '@pitlane/api/contract';
import { TagPostList } from '@pitlane/ui';

/**
 * A tag's page (`/tags/:tag`, issue 21): "#tag" and the posts carrying it, newest first, as the
 * feed shows them. Tags are one whatever their case, so `/tags/TrackDay` moves to `/tags/trackday`;
 * an address that is no tag at all never gets here (routes.tsx: not found).
 */
export default function TagPage() {
  const { tag = '' } = useParams();
  const normalized = normalizeTag(tag);
  if (normalized !== tag) return <Redirect replace to={paths.tag(normalized)} />;
  return (
    <section aria-labelledby="tag-heading" className="mx-auto w-full max-w-[640px] px-3 py-4 md:px-6 md:py-6">
      <h1 id="tag-heading" className="mb-4 px-1 text-2xl font-bold tracking-tight break-words">
        #{normalized}
      </h1>
      <TagPostList key={normalized} tag={normalized} />
    </section>
  );
}
