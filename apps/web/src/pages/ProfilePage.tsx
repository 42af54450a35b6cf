import { useParams } from 'wouter';
import { useProfile, useUserPosts } from '@pitlane/api/hooks';
import { GarageSection, PostGrid, ProfileCommunities, ProfileHeader } from '@pitlane/ui';

/**
 * Spec §2 Profile (`/profile/{username}`): the header (follow button or edit icon, follow lists on
 * one's own profile), the garage (issue 17: between the header and the communities), the
 * communities and the posts grid. "User not found." comes from the header, as do "This profile is
 * not available." and the blocked view (issue 18).
 */
export default function ProfilePage() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  // A profile the viewer blocked shows its header alone (name, picture, Unblock): the server
  // answers nothing else of it (modules/safety/README.md).
  const open = profile.data !== undefined && profile.data.blocked !== true;
  const posts = useUserPosts(open ? profile.data._id : undefined);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-6 md:py-8">
      <ProfileHeader username={username} />
      {open ? <GarageSection userId={profile.data._id} /> : null}
      {profile.data?.blocked === true ? null : <ProfileCommunities username={username} />}
      {open ? (
        <section aria-labelledby="profile-posts-heading" className="flex flex-col gap-3">
          <h2 id="profile-posts-heading" className="sr-only">
            Posts
          </h2>
          <PostGrid query={posts} endText="No more posts to show." emptyText="This user hasn't created any posts yet." label={`Posts by ${profile.data.username}`} />
        </section>
      ) : null}
    </div>
  );
}
