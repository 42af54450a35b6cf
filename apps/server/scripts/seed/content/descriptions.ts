// Photo descriptions (alt text, issue 18) for the demo posts: what each picture shows, said the
// way a careful author would (which car, in what colour, where, in what light). Not every author
// writes them, so the plan gives them to some posts only: the demo shows photos with and without.
import type { TimeOfDay } from '../art/parts.ts';
import type { SceneKind, SceneSpec } from '../art/scene.ts';
import type { CarModel, Paint } from './cars.ts';

/** Where the car stands in each scene, after "A red E30 M3 …". */
const PLACES: Record<Exclude<SceneKind, 'wheel' | 'tail' | 'nose' | 'gauge'>, string> = {
  track: 'on the racing line at a circuit, kerbs painted red and white',
  touge: 'on a winding mountain pass, trees along the guardrail',
  coast: 'parked on a coast road above the sea',
  rally: 'throwing up dust on a gravel rally stage',
  snow: 'sliding through a corner of a snowy forest stage',
  meet: 'at a Cars & Coffee meet, other cars parked behind it',
  garage: 'in a home garage, tools hanging on the wall behind it',
  night: 'at a night meet, lit by street lamps',
  charging: 'plugged in at a charging station',
};

const LIGHT: Record<TimeOfDay, string> = {
  day: 'in bright daylight',
  golden: 'in warm evening light',
  dusk: 'at dusk, the sky turning purple',
  overcast: 'under a grey sky',
  dawn: 'at dawn',
  night: 'at night',
};

const withArticle = (words: string) => `${/^[aeiou]/i.test(words) ? 'An' : 'A'} ${words}`;

/** The description of one picture of `model` in `paint` (primer when the picture shows it). */
export function photoDescription(spec: SceneSpec, model: CarModel, paint: Paint): string {
  const car = spec.car.livery === 'primer' ? `${model.name} in grey primer` : `${paint.name} ${model.name}`;
  switch (spec.kind) {
    case 'wheel':
      return `Close-up of the front wheel of the ${car}.`;
    case 'tail':
      return `Close-up of the tail of the ${car}: rear lights and bumper.`;
    case 'nose':
      return `Close-up of the nose of the ${car}: headlights and front bumper.`;
    case 'gauge':
      return `The rev counter of the ${model.name}, its needle climbing towards the red line.`;
    case 'garage':
    case 'night':
    case 'charging':
      // Drawn under their own lamps (art/indoors.ts), whatever the time of day.
      return `${withArticle(car)} ${PLACES[spec.kind]}.`;
    default:
      return `${withArticle(car)} ${PLACES[spec.kind]}, ${LIGHT[spec.time]}.`;
  }
}
