// public/theme-init.js puts the theme on the page before any module runs; @pitlane/ui's
// lib/theme.ts applies the switch's choices. Two copies of one rule: this holds them together.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_COLORS, THEME_STORAGE_KEY, type ThemePreference } from '@pitlane/ui';

// The unit project runs from the repository's root.
const script = readFileSync('apps/web/public/theme-init.js', 'utf8');

function stubSystem(dark: boolean) {
  const listeners: (() => void)[] = [];
  const query = { matches: dark, addEventListener: (_: string, listener: () => void) => listeners.push(listener) };
  vi.stubGlobal('matchMedia', () => query);
  return (next: boolean) => {
    query.matches = next;
    for (const listener of listeners) listener();
  };
}

const run = () => new Function(script)();
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
afterEach(() => vi.unstubAllGlobals());

describe('theme-init.js', () => {
  const cases: [ThemePreference | null, boolean, boolean][] = [
    [null, false, false],
    [null, true, true],
    ['light', true, false],
    ['dark', false, true],
    ['system', true, true],
  ];
  it.each(cases)('stored %s, system dark %s: dark class %s', (stored, systemDark, dark) => {
    stubSystem(systemDark);
    if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
    run();
    expect(isDark()).toBe(dark);
  });

  it('uses the same colours for the browser chrome as lib/theme.ts', () => {
    expect(script).toContain(THEME_COLORS.dark);
    expect(script).toContain(THEME_COLORS.light);
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`);
    stubSystem(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(themeColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
  });

  it('follows the system live while the preference is "system"', () => {
    const setSystem = stubSystem(false);
    run();
    setSystem(true);
    expect(isDark()).toBe(true);
    setSystem(false);
    expect(isDark()).toBe(false);
  });
});
