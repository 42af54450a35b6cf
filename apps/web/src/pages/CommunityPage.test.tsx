import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FIXTURE, fixtures, withMeets } from '@pitlane/api/mocks';
import { renderRoute } from '../test/render-route.tsx';
import CommunityPage from './CommunityPage.tsx';

const open = (id: string, seed = fixtures.standard()) =>
  renderRoute(<CommunityPage />, { path: '/community/:id', url: `/community/${id}`, seed, otherPaths: ['/create-post', '/community'] });

describe('Community page (spec §2)', () => {
  it('a member sees "Create Post in this Community" and the posts; it opens Create Post with the community chosen', async () => {
    const { history } = open(FIXTURE.communities.jdm);
    expect(await screen.findByRole('heading', { level: 1, name: 'JDM Legends' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create Post in this Community' })).toBeInTheDocument();
    expect(await screen.findByText('Tsukuba lap, finally under 1:05')).toBeInTheDocument();
    // One page holds all of them here: the end text follows.
    expect(await screen.findByText('No more posts in this community.')).toBeInTheDocument();
    expect(screen.queryByText('Join to see and create posts.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create Post in this Community' }));
    // Drawn there (the other route's text), with the community in the address and in the navigation's state.
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/create-post');
    expect(history.location()).toMatchObject({ pathname: '/create-post', search: `?community=${FIXTURE.communities.jdm}`, state: { communityId: FIXTURE.communities.jdm } });
  });

  it('a non-member sees "Join to see and create posts." and no posts', async () => {
    open(FIXTURE.communities.trackDay);
    expect(await screen.findByText('Join to see and create posts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Join / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Post in this Community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows every viewer the community’s meets; "Create meet" only to members (issue 21.4)', async () => {
    open(FIXTURE.communities.trackDay, withMeets(fixtures.standard()));
    const meets = await screen.findByRole('region', { name: 'Meets' });
    expect(await within(meets).findByText('Zandvoort paddock day')).toBeInTheDocument();
    expect(within(meets).queryByRole('link', { name: 'Create meet' })).not.toBeInTheDocument();
    expect(screen.getByText('Join to see and create posts.')).toBeInTheDocument();
    cleanup();

    open(FIXTURE.communities.airCooled, withMeets(fixtures.standard()));
    const own = await screen.findByRole('region', { name: 'Meets' });
    expect(await within(own).findByText('Air-cooled breakfast run')).toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'Create meet' })).toHaveAttribute('href', `/community/${FIXTURE.communities.airCooled}/meets/new`);
  });

  it('the creator of a community without posts is invited to post first', async () => {
    const seed = fixtures.standard();
    seed.posts = seed.posts.filter((post) => post.communityId !== FIXTURE.communities.airCooled);
    open(FIXTURE.communities.airCooled, seed);
    expect(await screen.findByRole('button', { name: 'Create Post in this Community' })).toBeInTheDocument();
    expect(await screen.findByText('Be the first to post in this community!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByText('No more posts in this community.')).not.toBeInTheDocument();
  });

  it('an unknown community: "Community not found." and nothing else', async () => {
    open('c-nowhere');
    expect(await screen.findByText('Community not found.')).toBeInTheDocument();
    expect(screen.queryByText('Join to see and create posts.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Post in this Community' })).not.toBeInTheDocument();
  });
});
