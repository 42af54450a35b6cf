import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FIXTURE } from '@pitlane/api/mocks';
import { renderRoute, type CallLog } from '../test/render-route.tsx';
import FeedsPage from './FeedsPage.tsx';

// The app's query defaults keep read data fresh for 30 s (App.tsx): the cards' comment previews,
// seeded from the feed's reply, are then read from the cache.
const open = () => renderRoute(<FeedsPage />, { path: '/feeds', url: '/feeds', staleTime: 30_000 });

/** The session's own reads (SessionProvider): who is signed in, their communities, the unread count. */
const isSessionCall = (call: string) => /^GET \/api\/(auth\/verify|user\/[^/]+\/communities-list|notifications\/unread-count)(\?|$)/.test(call);
const pageCalls = (calls: CallLog) => calls.filter((call) => !isSessionCall(call));
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const card = (title: string) => screen.getByRole('article', { name: title });
const previewItems = (title: string) => within(within(card(title)).getByRole('group', { name: `Comments on ${title}` })).queryAllByRole('listitem');

describe('My Feed (issue 22: a page of cards in one request)', () => {
  it("renders a page of N cards with their comments from the feed's one reply: no request per card", async () => {
    const { calls } = open();
    // The first cards come first, the rest of the page right after (PostList).
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThanOrEqual(8));
    // The previews are there with the cards: no card ever shows its comments loading.
    expect(screen.queryByRole('list', { name: 'Loading comments' })).not.toBeInTheDocument();
    expect(previewItems('AE86 on fresh coilovers').map((item) => item.textContent)).toEqual([expect.stringContaining('Photo three should be framed.')]);
    expect(previewItems('912 barn find: what would you do?')).toHaveLength(2);
    expect(previewItems('Restomod E-Type: electrics done')).toHaveLength(0);
    await settle();
    expect(pageCalls(calls)).toEqual(['GET /api/posts/feed?page=1']);
  });

  it("a comment added on a card shows in that card's preview (its comments read again, once)", async () => {
    const { calls } = open();
    const title = 'AE86 on fresh coilovers';
    await screen.findByRole('article', { name: title });
    await userEvent.type(within(card(title)).getByRole('textbox', { name: 'Add a comment' }), 'Which coilovers?{Enter}');
    await waitFor(() => expect(previewItems(title).map((item) => item.textContent)).toEqual([expect.stringContaining('Which coilovers?'), expect.stringContaining('Photo three should be framed.')]));

    await settle();
    const comments = `/api/comments/${FIXTURE.posts.fiveImages}`;
    expect(pageCalls(calls)).toEqual([
      'GET /api/posts/feed?page=1',
      `POST ${comments}`,
      `GET ${comments}?page=1`,
    ]);
  });
});
