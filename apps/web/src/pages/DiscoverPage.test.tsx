import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fixtures } from '@pitlane/api/mocks';
import { renderRoute } from '../test/render-route.tsx';
import DiscoverPage from './DiscoverPage.tsx';

const open = () => renderRoute(<DiscoverPage />, { path: '/discover', url: '/discover', seed: fixtures.withTags() });

describe('Discover and tags (issue 21)', () => {
  it('shows the trending tags above the trending posts, each linking to its page', async () => {
    open();
    const trending = await screen.findByRole('list', { name: 'Trending tags' });
    expect(within(trending).getByRole('link', { name: '#trackday 3 posts' })).toHaveAttribute('href', '/tags/trackday');
  });

  it('finds tags starting with the search, linking to their pages; the trending tags make way for the results', async () => {
    open();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'track');
    const found = await screen.findByRole('list', { name: 'Tags found' }, { timeout: 3000 });
    expect(within(found).getByRole('link', { name: /^#trackday/ })).toHaveAttribute('href', '/tags/trackday');
    expect(screen.queryByRole('list', { name: 'Trending tags' })).not.toBeInTheDocument();
  });

  it('says so when no tag starts with the search', async () => {
    open();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No tags found.', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
