import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { CalendarPlus, Plus } from 'lucide-react';
import { useCommunity, useCommunityMeets, useSession } from '@pitlane/api/hooks';
import { COMMUNITY_PAGE_MEETS, FALLBACK_MESSAGES, paths } from '@pitlane/api/contract';
import { Button, CommunityHeader, MeetList, PostList } from '@pitlane/ui';

/** What Create Post reads to preselect the community (navigation state, or `?community=`). */
export interface CreatePostInCommunityState {
  communityId: string;
}

/** Members only: "Create Post in this Community" and the community's posts, page after page. */
function CommunityPosts({ communityId }: { communityId: string }) {
  const [, navigate] = useLocation();
  const page = useCommunity(communityId);
  const createPost = () => {
    const state: CreatePostInCommunityState = { communityId };
    navigate(paths.createPost(communityId), { state });
  };
  return (
    <section aria-label="Community posts" className="flex flex-col gap-6">
      <div>
        <Button onClick={createPost}>
          <Plus aria-hidden />
          Create Post in this Community
        </Button>
      </div>
      <PostList
        query={page}
        label="Posts in this community"
        endText="No more posts in this community."
        emptyText="Be the first to post in this community!"
        errorText={FALLBACK_MESSAGES.genericError}
      />
    </section>
  );
}

/**
 * Issue 21.4: the community's upcoming meets, the first few and then all of them on request, for
 * every viewer (a meet is open to everyone signed in); "Create meet" for members only (the server
 * refuses others).
 */
function CommunityMeets({ communityId, member }: { communityId: string; member: boolean }) {
  const meets = useCommunityMeets(communityId);
  const [all, setAll] = useState(false);
  const loaded = meets.data?.pages.flatMap((page) => page.meets).length ?? 0;
  const more = !all && (loaded > COMMUNITY_PAGE_MEETS || meets.hasNextPage);
  return (
    <section aria-labelledby="community-meets-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="community-meets-heading" className="text-lg font-semibold">
          Meets
        </h2>
        {member ? (
          <Button asChild variant="outline" size="sm">
            <Link to={paths.createMeet(communityId)}>
              <CalendarPlus aria-hidden />
              Create meet
            </Link>
          </Button>
        ) : null}
      </div>
      <MeetList
        query={meets}
        label="Upcoming meets in this community"
        emptyText="No upcoming meets in this community."
        errorText={FALLBACK_MESSAGES.meetsFailed}
        headingLevel={3}
        infinite={all}
        limit={all ? undefined : COMMUNITY_PAGE_MEETS}
        skeletonCount={1}
      />
      {more ? (
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setAll(true)}>
          See all meets
        </Button>
      ) : null}
    </section>
  );
}

/**
 * Spec §2 Community page (`/community/{id}`): the header with the viewer's actions; the meets for
 * everyone; the posts for members, "Join to see and create posts." for everyone else. "Community not found." comes from
 * the header; deleting the community goes to `/community`.
 */
export default function CommunityPage() {
  const { id = '' } = useParams();
  const [, navigate] = useLocation();
  const { user } = useSession();
  const page = useCommunity(id);
  const first = page.data?.pages[0];
  // The creator is always a member; the server's isMember says so too, this only guards a lag.
  const member = first ? first.isMember || first.community.creator._id === user?.id : false;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-6 md:py-8">
      <CommunityHeader communityId={id} onDeleted={() => navigate(paths.communities, { replace: true })} />
      {first ? (
        <>
          <CommunityMeets communityId={id} member={member} />
          {member ? (
            <CommunityPosts communityId={id} />
          ) : (
            <p className="rounded-lg bg-surface-sunken px-4 py-8 text-center text-sm text-muted-foreground">Join to see and create posts.</p>
          )}
        </>
      ) : null}
    </div>
  );
}
