/**
 * The colour theme (issue 21): the person's preference per device ('system', 'light' or 'dark',
 * kept in localStorage), the theme it resolves to, and the `dark` class on <html> that swaps the
 * role colours (styles.css). apps/web/public/theme-init.js does the same before the first paint,
 * with the same key and rules (it cannot import this module: it must run before any module does),
 * and keeps following the system setting and other tabs while the page is open, so the first load
 * carries none of this module. This module serves the switch: it applies a choice at once and
 * tells its hook when the preference or the theme in use changes.
 */
export type ThemePreference = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'pitlane-theme';
/** The page background of each theme, for the browser's own chrome (`<meta name="theme-color">`). */
export const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#111315' };
const DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeState {
  preference: ThemePreference;
  theme: Theme;
}

const isPreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

/** The stored preference; 'system' when none, when it is garbage, or when storage is blocked. */
export function readPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

const systemIsDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/**
 * Puts the theme on the page: the class on <html>, and the browser chrome's colour. With 'system'
 * the two media-bound theme-color tags of index.html speak for themselves; a chosen theme
 * overrides both, since the system's may differ from it.
 */
export function applyTheme({ preference, theme }: ThemeState, doc: Document = document) {
  doc.documentElement.classList.toggle('dark', theme === 'dark');
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const media = meta.getAttribute('media') ?? '';
    const own: Theme = media.includes('dark') ? 'dark' : 'light';
    meta.setAttribute('content', THEME_COLORS[preference === 'system' ? own : theme]);
  }
}

let current: ThemeState | null = null;
const listeners = new Set<() => void>();

function update(next: ThemeState) {
  const changed = current?.preference !== next.preference || current.theme !== next.theme;
  if (changed) current = next;
  applyTheme(current!);
  if (changed) for (const listener of listeners) listener();
}

const refresh = () => {
  const preference = readPreference();
  update({ preference, theme: resolveTheme(preference, systemIsDark()) });
};

/**
 * The preference and the theme it resolves to now (the same object until either changes). Reading
 * it changes nothing on the page: theme-init.js has put the class there already.
 */
export function getThemeState(): ThemeState {
  if (!current) {
    const preference = readPreference();
    current = { preference, theme: resolveTheme(preference, systemIsDark()) };
  }
  return current;
}

/** Saves the choice on this device and applies it at once. */
export function setThemePreference(preference: ThemePreference) {
  try {
    if (preference === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage blocked (private mode, a policy): the choice still applies to this page.
    update({ preference, theme: resolveTheme(preference, systemIsDark()) });
    return;
  }
  refresh();
}

let following: (() => void) | null = null;

/**
 * Keeps the page, and this module's state, in step with the system setting while the preference is
 * 'system' (a change of the OS theme applies live) and with choices made in another tab.
 * Idempotent; returns a stop function. Runs while a switch is on screen (subscribeTheme).
 */
export function followSystemTheme(): () => void {
  if (following) return following;
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) refresh();
  };
  media?.addEventListener('change', refresh);
  window.addEventListener('storage', onStorage);
  refresh();
  following = () => {
    media?.removeEventListener('change', refresh);
    window.removeEventListener('storage', onStorage);
    following = null;
  };
  return following;
}

/** For useSyncExternalStore: told when the preference or the theme in use changes. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  const stop = followSystemTheme();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** Forgets the cached state (tests only: each starts from what storage and the system say). */
export function resetThemeForTests() {
  following?.();
  current = null;
  listeners.clear();
}
