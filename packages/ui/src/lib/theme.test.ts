import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDarkPage, resetThemePage, stubSystemTheme, themeColors } from '../testing/theme-page.ts';
import { useTheme } from './theme-hook.ts';
import { getThemeState, resetThemeForTests, resolveTheme, setThemePreference, subscribeTheme, THEME_STORAGE_KEY } from './theme.ts';

beforeEach(resetThemePage);
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
    stubSystemTheme(true);
    expect(getThemeState()).toEqual({ preference: 'system', theme: 'dark' });
    expect(isDarkPage()).toBe(false);
  });

  it('ignores a stored value it does not know', () => {
    stubSystemTheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(getThemeState()).toEqual({ preference: 'system', theme: 'light' });
  });

  it('applies a choice at once, keeps it on the device, and "System" forgets it', () => {
    stubSystemTheme(false);
    setThemePreference('dark');
    expect(isDarkPage()).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    // A chosen theme rules the browser chrome whatever the system says.
    expect(themeColors()).toEqual(['#111315', '#111315']);

    setThemePreference('light');
    expect(isDarkPage()).toBe(false);
    expect(themeColors()).toEqual(['#ffffff', '#ffffff']);

    setThemePreference('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(getThemeState()).toEqual({ preference: 'system', theme: 'light' });
    // Each tag speaks for its own media query again.
    expect(themeColors()).toEqual(['#ffffff', '#111315']);
  });

  it('still applies to the page when storage is blocked', () => {
    stubSystemTheme(false);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    setThemePreference('dark');
    expect(isDarkPage()).toBe(true);
    expect(getThemeState()).toEqual({ preference: 'dark', theme: 'dark' });
  });
});

describe('following the system', () => {
  it('changes the theme live while the preference is "system", and tells subscribers', () => {
    const system = stubSystemTheme(false);
    getThemeState(); // as React does before it subscribes
    const told = vi.fn();
    const unsubscribe = subscribeTheme(told);
    system.set(true);
    expect(isDarkPage()).toBe(true);
    expect(getThemeState().theme).toBe('dark');
    expect(told).toHaveBeenCalledTimes(1);
    system.set(false);
    expect(isDarkPage()).toBe(false);
    unsubscribe();
    // The last subscriber gone, nothing listens to the system any more.
    expect(system.listening()).toBe(0);
  });

  it('does not override a chosen theme when the system changes', () => {
    const system = stubSystemTheme(false);
    const unsubscribe = subscribeTheme(() => {});
    setThemePreference('light');
    system.set(true);
    expect(isDarkPage()).toBe(false);
    unsubscribe();
  });

  it('takes a choice made in another tab', () => {
    stubSystemTheme(false);
    const unsubscribe = subscribeTheme(() => {});
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    expect(isDarkPage()).toBe(true);
    unsubscribe();
  });
});

describe('useTheme', () => {
  it('reads the preference and re-renders when it changes', () => {
    const system = stubSystemTheme(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current).toMatchObject({ preference: 'system', theme: 'light' });
    act(() => result.current.setPreference('dark'));
    expect(result.current).toMatchObject({ preference: 'dark', theme: 'dark' });
    act(() => result.current.setPreference('system'));
    act(() => system.set(true));
    expect(result.current).toMatchObject({ preference: 'system', theme: 'dark' });
  });
});
