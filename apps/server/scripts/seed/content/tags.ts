// Tags and mentions in the demo posts (issue 21): car-culture tags a post of a topic and a car
// would carry, and a line thanking someone. The contract's parser reads them back (rich-text.ts),
// so these are plain text here.
import type { CarModel, Topic } from './cars.ts';

/** What people tag a topic with. */
export const TOPIC_TAGS: Record<Topic, readonly string[]> = {
  jdm: ['jdm', 'touge', 'nightmeet'],
  track: ['trackday', 'nurburgring', 'timeattack'],
  restoration: ['restomod', 'barnfind', 'projectcar'],
  meet: ['carsandcoffee', 'carmeet', 'sundaydrive'],
  rally: ['rally', 'gravel', 'groupb'],
  ev: ['ev', 'electric', 'onepedal'],
  roads: ['roadtrip', 'mountainpass', 'sundaydrive'],
};

/** A car's own tag where people use one (`#911`, `#e30`); others go by the topic's. */
export const MODEL_TAGS: Record<string, string> = {
  '964': '911',
  e30: 'e30',
  ae86: 'ae86',
  mx5: 'mx5',
  r32: 'r32',
  ek9: 'typer',
  s2k: 's2000',
  fd3s: 'rx7',
  s13: 's13',
  supra: 'supra',
  '240z': '240z',
  gti: 'golfgti',
  integrale: 'integrale',
  gc8: 'wrx',
  evo6: 'evo',
  defender: 'defender',
  mustang: 'mustang',
  taycan: 'taycan',
};

/** The line a post mentioning someone ends with. */
export const MENTION_LINES: readonly string[] = [
  'Thanks @{name} for the photos.',
  'Shot by @{name}.',
  '@{name} led the way.',
  'Same time next week, @{name}?',
];

export function modelTag(model: CarModel): string | null {
  return MODEL_TAGS[model.handle] ?? null;
}
