import { useParams } from 'react-router-dom';
import { useProfile, useUserPosts } from '@pitlane/api/hooks';
import { GarageSection, PostGrid, ProfileCommunities, ProfileHeader } from '@pitlane/ui';

/**
 * Spec §2 Profile (`/profile/{username}`): the header (follow button or edit icon, follow lists on
 * one's own profile), the garage (issue 17: between the header and the communities), the
 * communities and the posts grid. "User not found." comes from the header.
 */
export default function ProfilePage() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const posts = useUserPosts(profile.data?._id);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-6 md:py-8">
      <ProfileHeader username={username} />
      {profile.data ? <GarageSection userId={profile.data._id} /> : null}
      <ProfileCommunities username={username} />
      {profile.data ? (
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
