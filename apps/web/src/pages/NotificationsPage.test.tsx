import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_NOTIFICATIONS_VIEW_MS } from '@pitlane/api/contract';
import { fixtures } from '@pitlane/api/mocks';
import { advance, until, installFakeClock } from '../test/clock.ts';
import { renderRoute } from '../test/render-route.tsx';
import NotificationsPage from './NotificationsPage.tsx';

const MARK_AS_READ = 'PATCH /api/notifications/mark-as-read';

function open(seed = fixtures.standard()) {
  const view = renderRoute(<NotificationsPage />, { path: '/notifications', url: '/notifications', seed, otherPaths: ['/feeds'] });
  const leave = () => act(() => view.history.navigate('/feeds'));
  return { ...view, leave };
}

describe('Notifications: mark-as-read on leaving (spec §4)', () => {
  beforeEach(() => {
    installFakeClock();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaving before the minimum view time marks nothing read', async () => {
    const { calls, leave } = open();
    expect(await until(() => screen.getByText('New'))).toBeInTheDocument();
    await advance(MIN_NOTIFICATIONS_VIEW_MS - 200);
    await leave();
    await advance(1000);
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/feeds');
    expect(calls).not.toContain(MARK_AS_READ);
  });

  it('leaving after the minimum view time with new items marks them read, once', async () => {
    const { calls, leave, backend } = open();
    expect(await until(() => screen.getByText('New'))).toBeInTheDocument();
    await advance(MIN_NOTIFICATIONS_VIEW_MS);
    expect(calls).not.toContain(MARK_AS_READ);
    await leave();
    await until(() => screen.getByTestId('elsewhere'));
    await advance(50);
    expect(calls.filter((call) => call === MARK_AS_READ)).toHaveLength(1);
    expect(backend.state.notifications.filter((n) => n.recipientId === 'u-maya' && !n.read)).toHaveLength(0);
  });

  it('with no new items nothing is marked, however long the stay', async () => {
    const seed = fixtures.standard();
    seed.notifications = seed.notifications.map((n) => ({ ...n, read: true }));
    const { calls, leave } = open(seed);
    expect(await until(() => screen.getByText('Today'))).toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
    await advance(MIN_NOTIFICATIONS_VIEW_MS * 3);
    await leave();
    await advance(50);
    expect(calls).not.toContain(MARK_AS_READ);
  });
});
