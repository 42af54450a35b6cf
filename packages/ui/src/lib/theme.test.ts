import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTheme } from './theme-hook.ts';
import { getThemeState, resetThemeForTests, resolveTheme, setThemePreference, subscribeTheme, THEME_STORAGE_KEY } from './theme.ts';

/** A stand-in for the operating system's light/dark setting, which a test can flip. */
function stubSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => query));
  return {
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
}

const html = () => document.documentElement;
const isDark = () => html().classList.contains('dark');
const themeColors = () => [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content'));

beforeEach(() => {
  localStorage.clear();
  html().className = '';
  document.head.innerHTML =
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">' +
    '<meta name="theme-color" content="#111315" media="(prefers-color-scheme: dark)">';
});
afterEach(() => {
  resetThemeForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('resolveTheme', () => {
  it('follows the system for "system" and the choice otherwise', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('the preference', () => {
  it('is "system" by default, resolved from the system setting, and reading it changes nothing', () => {
    stubSystem(true);
    expect(getThemeState()).toEqual({ preference: 'system', theme: 'dark' });
    expect(isDark()).toBe(false);
  });

  it('ignores a stored value it does not know', () => {
    stubSystem(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(getThemeState()).toEqual({ preference: 'system', theme: 'light' });
  });

  it('applies a choice at once, keeps it on the device, and "System" forgets it', () => {
    stubSystem(false);
    setThemePreference('dark');
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    // A chosen theme rules the browser chrome whatever the system says.
    expect(themeColors()).toEqual(['#111315', '#111315']);

    setThemePreference('light');
    expect(isDark()).toBe(false);
    expect(themeColors()).toEqual(['#ffffff', '#ffffff']);

    setThemePreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(getThemeState()).toEqual({ preference: 'system', theme: 'light' });
    // Each tag speaks for its own media query again.
    expect(themeColors()).toEqual(['#ffffff', '#111315']);
  });

  it('still applies to the page when storage is blocked', () => {
    stubSystem(false);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    setThemePreference('dark');
    expect(isDark()).toBe(true);
    expect(getThemeState()).toEqual({ preference: 'dark', theme: 'dark' });
  });
});

describe('following the system', () => {
  it('changes the theme live while the preference is "system", and tells subscribers', () => {
    const system = stubSystem(false);
    getThemeState(); // as React does before it subscribes
    const told = vi.fn();
    const unsubscribe = subscribeTheme(told);
    system.set(true);
    expect(isDark()).toBe(true);
    expect(getThemeState().theme).toBe('dark');
    expect(told).toHaveBeenCalledTimes(1);
    system.set(false);
    expect(isDark()).toBe(false);
    unsubscribe();
    // The last subscriber gone, nothing listens to the system any more.
    expect(system.listening()).toBe(0);
  });

  it('does not override a chosen theme when the system changes', () => {
    const system = stubSystem(false);
    const unsubscribe = subscribeTheme(() => {});
    setThemePreference('light');
    system.set(true);
    expect(isDark()).toBe(false);
    unsubscribe();
  });

  it('takes a choice made in another tab', () => {
    stubSystem(false);
    const unsubscribe = subscribeTheme(() => {});
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    expect(isDark()).toBe(true);
    unsubscribe();
  });
});

describe('useTheme', () => {
  it('reads the preference and re-renders when it changes', () => {
    const system = stubSystem(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current).toMatchObject({ preference: 'system', theme: 'light' });
    act(() => result.current.setPreference('dark'));
    expect(result.current).toMatchObject({ preference: 'dark', theme: 'dark' });
    act(() => result.current.setPreference('system'));
    act(() => system.set(true));
    expect(result.current).toMatchObject({ preference: 'system', theme: 'dark' });
  });
});
