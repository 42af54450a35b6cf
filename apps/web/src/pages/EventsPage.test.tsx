import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIXTURE, FIXTURE_MEETS, fixtures, withMeets } from '@pitlane/api/mocks';
import { renderRoute } from '../test/render-route.tsx';
import CommunityPage from './CommunityPage.tsx';
import EventsPage from './EventsPage.tsx';

describe('Events (issue 21.4)', () => {
  it('lists the upcoming meets of the person’s communities and followed people, soonest first, each linking to its page', async () => {
    renderRoute(<EventsPage />, { path: '/events', url: '/events', seed: withMeets(fixtures.standard()) });
    const list = await screen.findByRole('list', { name: 'Upcoming meets' });
    const titles = within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Air-cooled breakfast run', 'Daikoku PA night meet', 'Convoy to the Nürburgring']);
    expect(within(list).getByRole('link', { name: 'Air-cooled breakfast run' })).toHaveAttribute('href', `/meet/${FIXTURE_MEETS.own}`);
  });

  it('lists a meet in a community the person is not in when they follow its organiser', async () => {
    const seed = withMeets(fixtures.standard());
    // Maya follows Olu, who plans a meet in Track Day Crew (she is not a member).
    seed.follows = [...seed.follows, { followerId: FIXTURE.users.maya, followeeId: FIXTURE.users.olu, createdAt: new Date(0).toISOString() }];
    renderRoute(<EventsPage />, { path: '/events', url: '/events', seed });
    const list = await screen.findByRole('list', { name: 'Upcoming meets' });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Air-cooled breakfast run', 'Zandvoort paddock day', 'Daikoku PA night meet', 'Convoy to the Nürburgring',
    ]);
  });

  it('says "No upcoming events." when there are none', async () => {
    renderRoute(<EventsPage />, { path: '/events', url: '/events', seed: fixtures.empty() });
    expect(await screen.findByText('No upcoming events.')).toBeInTheDocument();
  });

  it('a community page shows its members the first meets and "Create meet"', async () => {
    const id = FIXTURE.communities.airCooled;
    renderRoute(<CommunityPage />, { path: '/community/:id', url: `/community/${id}`, seed: withMeets(fixtures.standard()) });
    const section = await screen.findByRole('region', { name: 'Meets' });
    expect(within(section).getByRole('link', { name: 'Create meet' })).toHaveAttribute('href', `/community/${id}/meets/new`);
    const list = await within(section).findByRole('list', { name: 'Upcoming meets in this community' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Air-cooled breakfast run', 'Convoy to the Nürburgring']);
  });
});
