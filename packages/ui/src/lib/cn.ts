import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (shadcn/ui's helper, without the merge in production).
 *
 * Tailwind decides between two utilities that set the same thing by their order in the style
 * sheet, not in the class list, so `cn('px-4', 'px-2')` would not mean "px-2". shadcn/ui's `cn`
 * lets tailwind-merge drop the loser at run time, which puts its whole class map (8.3 KB gzip) on
 * every page's first load and its first look at each class list on the main thread (issue 22).
 * Here no class list may hold two utilities that fight: a component offers a variant instead of
 * being overridden. Everywhere but a production build (the dev server, Storybook, every test)
 * tailwind-merge checks each list and a fight throws; in production the check is dead code and
 * tailwind-merge drops out of the bundle.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (!import.meta.env.PROD) checkNoFight(classes);
  return classes;
}

function checkNoFight(classes: string): void {
  const merged = twMerge(classes);
  if (merged === classes) return;
  const kept = new Set(merged.split(' '));
  const dropped = classes.split(' ').filter((name, index, all) => !kept.has(name) || all.indexOf(name) !== index);
  throw new Error(`cn(): "${dropped.join(' ')}" would be overridden or repeated in "${classes}"; use a variant instead of overriding`);
}
