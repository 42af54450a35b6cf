// The page as the theme code meets it, for the tests of both copies of the theme rule: the
// switch's (lib/theme.ts) and the one that runs before any module (apps/web/public/theme-init.js).
import { vi } from 'vitest';

/** A stand-in for the operating system's light/dark setting, which a test can flip. */
export function stubSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => query));
  return {
    /** The system turns dark (true) or light, telling whoever listens. */
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
}

export const isDarkPage = () => document.documentElement.classList.contains('dark');

/** The `content` of each theme-color tag, in the page's order (light's, then dark's). */
export const themeColors = () => [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('content'));

/** Nothing stored, no theme class, and the two theme-color tags as apps/web/index.html has them. */
export function resetThemePage(): void {
  localStorage.clear();
  document.documentElement.className = '';
  document.head.innerHTML =
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">' +
    '<meta name="theme-color" content="#111315" media="(prefers-color-scheme: dark)">';
}
