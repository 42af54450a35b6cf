// public/theme-init.js puts the theme on the page before any module runs; @pitlane/ui's
// lib/theme.ts applies the switch's choices. Two copies of one rule: this holds them together.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_COLORS, THEME_STORAGE_KEY, type ThemePreference } from '@pitlane/ui';
import { isDarkPage, resetThemePage, stubSystemTheme, themeColors } from '@pitlane/ui/testing';

// The unit project runs from the repository's root.
const script = readFileSync('apps/web/public/theme-init.js', 'utf8');

const run = () => new Function(script)();

beforeEach(resetThemePage);
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
    stubSystemTheme(systemDark);
    if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
    run();
    expect(isDarkPage()).toBe(dark);
  });

  it('uses the same colours for the browser chrome as lib/theme.ts', () => {
    expect(script).toContain(THEME_COLORS.dark);
    expect(script).toContain(THEME_COLORS.light);
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`);
    stubSystemTheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(themeColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
  });

  it('follows the system live while the preference is "system"', () => {
    const system = stubSystemTheme(false);
    run();
    system.set(true);
    expect(isDarkPage()).toBe(true);
    system.set(false);
    expect(isDarkPage()).toBe(false);
  });
});
