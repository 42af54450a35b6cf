// Communities as other modules show them: on profiles, in the session user, in the
// communities-list call and in suggestions. (The routes that change them are the communities issue's.)
import { describe, expect, it } from 'vitest';
import type { Community, ProfileUser, Suggestions } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { communityOf, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-communities-read-test-', { per: 'suite' });

describe.each(backends)('communities on profiles, the session and suggestions on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });

  it('shows a member their communities and suggests the others, most members first', async () => {
    const [maya, kenji, sam] = await peopleOf(t.app, sink, 'maya', 'kenji', 'sam');
    const aircooled = await communityOf(t.db, maya, 'Air-Cooled Porsche Club', [kenji]);
    const jdm = await communityOf(t.db, kenji, 'JDM Legends');
    const track = await communityOf(t.db, sam, 'Track Day Crew', [kenji]);

    const session = (await maya.browser.get('/api/auth/verify')).json<{ user: { communities: string[] } }>().user;
    expect(session.communities).toEqual([aircooled]);

    const profile = (await kenji.browser.get('/api/user/maya')).json<ProfileUser>();
    expect(profile.communities).toEqual([
      {
        _id: aircooled,
        name: 'Air-Cooled Porsche Club',
        description: 'Air-Cooled Porsche Club description',
        coverImageUrl: t.app.media.defaultUrls.communityCover,
        coverImageAlt: '',
        // Both joined in the same statement: the order between them is the id's.
        members: [maya.id, kenji.id].sort(),
        creator: { _id: maya.id, username: 'maya', fullName: 'Maya Driver', profilePictureUrl: '' },
      },
    ]);

    const list = await kenji.browser.get(`/api/user/${kenji.id}/communities-list`);
    expect(list.statusCode).toBe(200);
    expect(list.json<Community[]>().map((c) => c._id).sort()).toEqual([aircooled, jdm, track].sort());

    const suggestions = (await maya.browser.get('/api/suggestions')).json<Suggestions>();
    expect(suggestions.communities.map((c) => c.name)).toEqual(['Track Day Crew', 'JDM Legends']);
    expect(suggestions.communities[0]!.members).toHaveLength(2);
  });
});
