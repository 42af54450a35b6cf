import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { ThemeSwitchProps } from './ThemeSwitch.tsx';

/*
 * The theme switch as the signed-in layouts place it (the sidebar, the mobile menu): fetched after
 * the page, not with it. The first paint needs none of it (theme-init.js has already put the theme
 * on the page), and it was 1.9 KB of /feeds' first-load JS (gzip; issue 22's budget).
 */
const ThemeSwitch = React.lazy(() => import('./ThemeSwitch.tsx').then((module) => ({ default: module.ThemeSwitch })));

/** While its code arrives, an empty box of the switch's height holds its place, so nothing moves. */
export function LazyThemeSwitch(props: ThemeSwitchProps) {
  const placeholder = <div aria-hidden className={cn('h-10', props.className)} />;
  // Drawn on the server, and hydrated, as the placeholder (use-hydrated.ts).
  if (!useHydrated()) return placeholder;
  return (
    <React.Suspense fallback={placeholder}>
      <ThemeSwitch {...props} />
    </React.Suspense>
  );
}
