import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIXTURE } from '@pitlane/api/mocks';
import { renderRoute } from '../test/render-route.tsx';
import ProfilePage from './ProfilePage.tsx';

const open = (username: string) => renderRoute(<ProfilePage />, { path: '/profile/:username', url: `/profile/${username}` });

describe('Profile page (spec §2)', () => {
  it('an unknown username: "User not found." and no posts grid', async () => {
    const { calls } = open('nobody.here');
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Posts/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.includes('/api/posts/by-user/'))).toBe(false);
  });

  it("someone else's profile: header, communities and their posts", async () => {
    open('kenji.r');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kenji Watanabe' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Communities' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Posts by kenji.r' })).toBeInTheDocument();
    expect(await screen.findByText('AE86 on fresh coilovers')).toBeInTheDocument();
  });

  it('someone the viewer blocked (issue 18): the header with Unblock, and nothing else of theirs is asked for', async () => {
    const { calls } = open(FIXTURE.usernames.blocked);
    expect(await screen.findByText(`You blocked @${FIXTURE.usernames.blocked}.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Garage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Communities' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.includes('/api/posts/by-user/') || call.includes('/api/cars/by-user/'))).toBe(false);
  });

  it('someone who blocked the viewer: "This profile is not available." and no posts grid', async () => {
    const { calls } = open(FIXTURE.usernames.blockedMe);
    expect(await screen.findByText('This profile is not available.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Posts/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.includes('/api/posts/by-user/'))).toBe(false);
  });
});
