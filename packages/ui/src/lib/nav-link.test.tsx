import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { NavLink } from './nav-link.tsx';

afterEach(cleanup);

function at(path: string) {
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <NavLink to="/moderation" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Reports
      </NavLink>
      <NavLink to="/moderation/log">Log</NavLink>
      <NavLink to="/profile/j%C3%B6rg">{({ isActive }) => (isActive ? 'Mine (open)' : 'Mine')}</NavLink>
      <NavLink to="/create-post?community=c1">Create Post</NavLink>
    </Router>,
  );
  const current = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('aria-current');
  return { current };
}

describe('NavLink', () => {
  it('is the current page on its own address, with `end` on that address only', () => {
    const { current } = at('/moderation');
    expect(current('Reports')).toBe('page');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveClass('on');
    expect(current('Log')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log' })).toHaveAttribute('href', '/moderation/log');
  });

  it('without `end`, on the pages under it too; not on a longer name', () => {
    at('/moderation/log/2');
    expect(screen.getByRole('link', { name: 'Log' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Reports' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveClass('off');
    cleanup();
    at('/moderation/logbook');
    expect(screen.getByRole('link', { name: 'Log' })).not.toHaveAttribute('aria-current');
  });

  it('matches an encoded link, without regard to case or to its query', () => {
    at('/Profile/J%C3%B6rg');
    expect(screen.getByRole('link', { name: 'Mine (open)' })).toHaveAttribute('aria-current', 'page');
    cleanup();
    at('/create-post');
    expect(screen.getByRole('link', { name: 'Create Post' })).toHaveAttribute('aria-current', 'page');
  });
});
