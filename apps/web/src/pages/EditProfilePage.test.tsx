import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_AFTER_PROFILE_UPDATE_MS } from '@pitlane/api/contract';
import { advance, until, installFakeClock } from '../test/clock.ts';
import { renderRoute } from '../test/render-route.tsx';
import EditProfilePage from './EditProfilePage.tsx';

describe('Edit Profile page (spec §2)', () => {
  beforeEach(() => {
    installFakeClock();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after "Profile updated successfully!" it goes to the new profile 1.5 s later, not before', async () => {
    const { history, backend } = renderRoute(<EditProfilePage />, { path: '/profile/edit', url: '/profile/edit', otherPaths: ['/profile/:username'] });
    const username = await until(() => screen.getByLabelText('Username'));
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Maya Schmidt' } });
    fireEvent.change(username, { target: { value: 'maya.schmidt' } });
    fireEvent.blur(username);
    await until(() => screen.getByText('Available'));
    fireEvent.click(screen.getByRole('button', { name: /^Update Profile/ }));
    const dialog = await until(() => screen.getByRole('alertdialog', { name: 'Confirm Changes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await until(() => screen.getByText('Profile updated successfully!'));
    expect(backend.findUser('maya.schmidt')?.fullName).toBe('Maya Schmidt');
    await advance(REDIRECT_AFTER_PROFILE_UPDATE_MS - 100);
    expect(history.location().pathname).toBe('/profile/edit');
    await advance(100);
    expect(history.location().pathname).toBe('/profile/maya.schmidt');
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  });
});
