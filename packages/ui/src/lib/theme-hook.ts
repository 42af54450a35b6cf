import * as React from 'react';
import { getThemeState, setThemePreference, subscribeTheme, type ThemePreference, type ThemeState } from './theme.ts';

/** The person's theme preference on this device, the theme in use, and a setter that applies at once. */
export function useTheme(): ThemeState & { setPreference: (preference: ThemePreference) => void } {
  const state = React.useSyncExternalStore(subscribeTheme, getThemeState, serverState);
  return { ...state, setPreference: setThemePreference };
}

const serverState = (): ThemeState => ({ preference: 'system', theme: 'light' });
