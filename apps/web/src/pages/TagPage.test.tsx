import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIXTURE, fixtures } from '@pitlane/api/mocks';
import { renderRoute } from '../test/render-route.tsx';
import TagPage from './TagPage.tsx';

const open = (url: string) => renderRoute(<TagPage />, { path: '/tags/:tag', url, seed: fixtures.withTags() });

describe('a tag page (issue 21)', () => {
  it('shows "#tag" and the posts carrying it, newest first, as cards', async () => {
    open('/tags/trackday');
    expect(screen.getByRole('heading', { level: 1, name: '#trackday' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Posts with #trackday' });
    // The first cards come first, the rest of the page right after (PostList).
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(FIXTURE.tags.tagPosts.length));
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby') && document.getElementById(card.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Night touge run #jdm',
      'Corner weights done #e30',
      'First #trackday in the SC',
    ]);
  });

  it('says so when no post carries the tag', async () => {
    open('/tags/barnfind');
    expect(await screen.findByText('No posts with #barnfind yet.')).toBeInTheDocument();
  });

  it('moves an address in another case to the tag as it is stored', async () => {
    const { history } = open('/tags/TrackDay');
    await waitFor(() => expect(history.location().pathname).toBe('/tags/trackday'));
    expect(await screen.findByRole('heading', { level: 1, name: '#trackday' })).toBeInTheDocument();
  });
});
