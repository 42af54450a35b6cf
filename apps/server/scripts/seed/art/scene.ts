// One picture: a scene kind, a size, the car in it and the light, framed so the car fills the
// middle (the profile grid crops every photo to a centred square) and rendered with sharp.
import sharp from 'sharp';
import { createRandom } from '../random.ts';
import type { CarLook } from './car.ts';
import { closeUpSvg, gaugeSvg, type CloseUp } from './details.ts';
import { chargingScene, garageScene, nightScene } from './indoors.ts';
import { coastScene, meetScene, rallyScene, tougeScene, trackScene, type Layers, type Stage } from './outdoors.ts';
import { lengthForHeight, placedCar, SKIES, type Placement, type TimeOfDay } from './parts.ts';

export type SceneKind = 'track' | 'touge' | 'coast' | 'rally' | 'snow' | 'meet' | 'garage' | 'night' | 'charging' | 'gauge' | CloseUp;

export interface SceneSpec {
  kind: SceneKind;
  width: number;
  height: number;
  car: CarLook;
  time: TimeOfDay;
  /** Everything else (tree positions, windows, dust) follows from it. */
  seed: number;
  /** Parked in the background of a meet. */
  others?: readonly CarLook[];
  /** 'side': the car in the right half (community covers, whose left shows the name). */
  framing?: 'centre' | 'side';
}

/** The car's size and place: as large as the frame allows, standing on the lower part. */
function frame(spec: SceneSpec, facingRight: boolean): Placement {
  const { width: w, height: h } = spec;
  const aspect = w / h;
  const ground = h * (aspect >= 2 ? 0.84 : aspect >= 1.2 ? 0.78 : aspect >= 0.95 ? 0.74 : 0.7);
  // Landscape cars stay inside the centred square the grids crop to.
  const widest = w * (aspect >= 2 ? 0.46 : aspect > 1.1 ? 0.64 : 0.84);
  const length = Math.min(widest, lengthForHeight(spec.car, ground - h * 0.14));
  const centre = spec.framing === 'side' ? w * 0.7 : w * 0.5;
  return { length, x: centre - length / 2, ground, facing: facingRight ? 'right' : 'left' };
}

const CLOSE_UP_BACKDROPS: Record<TimeOfDay, { top: string; floor: string }> = {
  day: { top: '#8fa9bf', floor: '#4b4e53' },
  golden: { top: '#c9895a', floor: '#4d4640' },
  dusk: { top: '#7a4a6a', floor: '#3a343c' },
  overcast: { top: '#9aa3ad', floor: '#50545a' },
  dawn: { top: '#b49bb0', floor: '#4f4a50' },
  night: { top: '#1d2142', floor: '#101219' },
};

export function sceneSvg(spec: SceneSpec): string {
  const { width: w, height: h } = spec;
  const random = createRandom(spec.seed);
  const id = `s${spec.seed.toString(36)}`;
  let body: string;
  if (spec.kind === 'gauge') {
    body = gaugeSvg(id, w, h, random, spec.car);
  } else if (spec.kind === 'wheel' || spec.kind === 'tail' || spec.kind === 'nose') {
    body = closeUpSvg(id, w, h, random, spec.car, spec.kind, CLOSE_UP_BACKDROPS[spec.time]);
  } else {
    const placement = frame(spec, random.chance(0.6));
    if (spec.kind === 'rally' || spec.kind === 'snow') placement.tilt = random.between(1, 3.5);
    const stage: Stage = { id, width: w, height: h, time: spec.kind === 'night' ? 'night' : spec.time, random, car: spec.car, placement };
    const layers: Layers = {
      track: () => trackScene(stage),
      touge: () => tougeScene(stage),
      coast: () => coastScene(stage),
      rally: () => rallyScene(stage, false),
      snow: () => rallyScene(stage, true),
      meet: () => meetScene(stage, spec.others ?? []),
      garage: () => garageScene(stage),
      night: () => nightScene(stage),
      charging: () => chargingScene(stage),
    }[spec.kind]();
    const light = spec.kind === 'garage' ? '#ffffff' : SKIES[stage.time].light;
    body = `${layers.back}${placedCar(spec.car, `${id}-car`, placement, light)}${layers.front}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/**
 * The picture as an image file for the media pipeline. JPEG at high quality: much quicker to
 * encode and decode than PNG at these sizes, and the pipeline re-encodes it as WebP anyway.
 */
export function renderScene(spec: SceneSpec): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(spec))).jpeg({ quality: 92 }).toBuffer();
}
