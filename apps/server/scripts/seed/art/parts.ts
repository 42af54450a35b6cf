// Pieces the scenes share: skies by time of day, hills, trees, a placed car and its reflection.
import type { Random } from '../random.ts';
import { carHeight, carSvg, type CarLook } from './car.ts';
import { mix } from './colour.ts';

export type TimeOfDay = 'day' | 'golden' | 'dusk' | 'overcast' | 'dawn' | 'night';

/** Sky colours from the top down to the horizon, and the colour of the light on things. */
export const SKIES: Record<TimeOfDay, { stops: [string, string, string]; light: string; haze: string }> = {
  day: { stops: ['#3d7cc9', '#7fb2e5', '#d3e6f5'], light: '#ffffff', haze: '#c8dcee' },
  golden: { stops: ['#41609a', '#e8955a', '#ffd49a'], light: '#ffd9a8', haze: '#f0b98a' },
  dusk: { stops: ['#232552', '#a24d78', '#f39a6b'], light: '#f7b08a', haze: '#b76d83' },
  overcast: { stops: ['#7f8b98', '#a9b3bd', '#d2d7dc'], light: '#eef1f4', haze: '#bfc6cd' },
  dawn: { stops: ['#6f93c9', '#c8b3cf', '#f7cdb2'], light: '#ffe9dc', haze: '#dcc3c9' },
  night: { stops: ['#070a1c', '#141a3d', '#2c2450'], light: '#8fa3d9', haze: '#232347' },
};

export const f = (n: number) => (Math.round(n * 10) / 10).toString();

export function sky(id: string, time: TimeOfDay, width: number, height: number): string {
  const [top, middle, horizon] = SKIES[time].stops;
  return `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${middle}"/><stop offset="1" stop-color="${horizon}"/>
  </linearGradient></defs><rect width="${width}" height="${f(height)}" fill="url(#${id}-sky)"/>`;
}

/** A low sun (or moon) with a soft glow, for golden hour, dusk and dawn. */
export function sun(id: string, x: number, y: number, r: number, colour: string): string {
  return `<defs><radialGradient id="${id}-sun"><stop offset="0" stop-color="${colour}" stop-opacity="0.9"/><stop offset="0.25" stop-color="${colour}" stop-opacity="0.45"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>
    <circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 5)}" fill="url(#${id}-sun)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="#fff6e0"/>`;
}

/** A rolling ridge across the width, its top between `top` and `top + amplitude`, filled down to `bottom`. */
export function ridge(random: Random, width: number, top: number, amplitude: number, bottom: number, fill: string, peaks = 5): string {
  const step = width / peaks;
  let d = `M 0 ${f(bottom)} L 0 ${f(top + random.next() * amplitude)}`;
  for (let i = 0; i < peaks; i++) {
    const x = (i + 1) * step;
    const y = top + random.next() * amplitude;
    d += ` Q ${f(x - step / 2)} ${f(top + random.next() * amplitude - amplitude * 0.4)} ${f(x)} ${f(y)}`;
  }
  return `<path d="${d} L ${f(width)} ${f(bottom)} Z" fill="${fill}"/>`;
}

/** Jagged mountains (touge, rally): straight-edged peaks. */
export function mountains(random: Random, width: number, top: number, amplitude: number, bottom: number, fill: string, peaks = 7): string {
  const step = width / peaks;
  let d = `M 0 ${f(bottom)} L 0 ${f(top + amplitude * random.next())}`;
  for (let i = 0; i < peaks; i++) {
    d += ` L ${f(i * step + step * random.between(0.3, 0.7))} ${f(top + amplitude * random.next() * 0.4)}`;
    d += ` L ${f((i + 1) * step)} ${f(top + amplitude * random.between(0.5, 1))}`;
  }
  return `<path d="${d} L ${f(width)} ${f(bottom)} Z" fill="${fill}"/>`;
}

/** A row of conifers standing on `base`, `size` tall on average. */
export function pines(random: Random, width: number, base: number, size: number, fill: string, snow = false): string {
  const trees: string[] = [];
  for (let x = -size * 0.3; x < width + size * 0.3; x += size * random.between(0.28, 0.45)) {
    const h = size * random.between(0.7, 1.25);
    const w = h * 0.38;
    const tiers = [0, 0.3, 0.55].map((t, i) => {
      const y = base - h * t;
      const tw = w * (1 - i * 0.22);
      return `M ${f(x - tw)} ${f(y - h * 0.08)} L ${f(x)} ${f(y - h * 0.48)} L ${f(x + tw)} ${f(y - h * 0.08)} Z`;
    });
    trees.push(`<path d="${tiers.join(' ')}" fill="${fill}"/>`);
    if (snow) trees.push(`<path d="M ${f(x - w * 0.25)} ${f(base - h * 0.86)} L ${f(x)} ${f(base - h * 1.03)} L ${f(x + w * 0.25)} ${f(base - h * 0.86)} Z" fill="#f4f7fa"/>`);
  }
  return trees.join('');
}

/** Round-topped deciduous trees (autumn maples on a touge, plane trees by a car park). */
export function roundTrees(random: Random, width: number, base: number, size: number, colours: readonly string[]): string {
  const trees: string[] = [];
  for (let x = random.between(-size, 0); x < width + size; x += size * random.between(0.5, 0.9)) {
    const h = size * random.between(0.8, 1.2);
    const colour = random.pick(colours);
    trees.push(`<rect x="${f(x - h * 0.03)}" y="${f(base - h * 0.45)}" width="${f(h * 0.06)}" height="${f(h * 0.45)}" fill="${mix(colour, '#2a1d14', 0.7)}"/>`);
    trees.push(`<ellipse cx="${f(x)}" cy="${f(base - h * 0.62)}" rx="${f(h * 0.36)}" ry="${f(h * 0.34)}" fill="${colour}"/>`);
    trees.push(`<ellipse cx="${f(x - h * 0.18)}" cy="${f(base - h * 0.5)}" rx="${f(h * 0.22)}" ry="${f(h * 0.2)}" fill="${mix(colour, '#000000', 0.12)}"/>`);
  }
  return trees.join('');
}

export interface Placement {
  /** The car's length on the canvas. */
  length: number;
  /** Left edge of the car, and the ground line under its wheels. */
  x: number;
  ground: number;
  facing: 'left' | 'right';
  /** Degrees, positive nose-up. */
  tilt?: number;
}

function transformOf(p: Placement): string {
  const scale = p.length / 1000;
  const flip = p.facing === 'left' ? `translate(${f(p.x + p.length)} ${f(p.ground)}) scale(${-scale} ${scale})` : `translate(${f(p.x)} ${f(p.ground)}) scale(${scale})`;
  const tilt = p.tilt ? ` rotate(${f(-p.tilt)} 500 0)` : '';
  return flip + tilt;
}

/** The car at `p`, lit by `light`. */
export function placedCar(look: CarLook, id: string, p: Placement, light?: string): string {
  return `<g transform="${transformOf(p)}">${carSvg(look, id, light === undefined ? {} : { light })}</g>`;
}

/** The car mirrored in a wet or polished floor, fading out downwards. */
export function reflection(look: CarLook, id: string, p: Placement, opacity: number, floorColour: string): string {
  const scale = p.length / 1000;
  const h = carHeight(look) * scale;
  return `<defs><linearGradient id="${id}-fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${floorColour}" stop-opacity="${f(1 - opacity)}"/><stop offset="0.6" stop-color="${floorColour}" stop-opacity="1"/>
    </linearGradient></defs>
    <g transform="translate(0 ${f(2 * p.ground)}) scale(1 -1)">${placedCar(look, `${id}-r`, p)}</g>
    <rect x="${f(p.x - 20)}" y="${f(p.ground)}" width="${f(p.length + 40)}" height="${f(h)}" fill="url(#${id}-fade)"/>`;
}

/** How long a car may be so that it fits `room` pixels of height above its ground line. */
export function lengthForHeight(look: CarLook, room: number): number {
  return (room * 1000) / carHeight(look);
}

/**
 * A radial gradient from `colour` at `opacity` to transparent: soft light, dust and bokeh.
 * (SVG blur filters would look the same and take seconds per picture to rasterise.)
 */
export function softFill(id: string, colour: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="0.5" stop-color="${colour}" stop-opacity="${f(opacity * 0.6)}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

/** A glowing line (neon tube, strip light): wide faint strokes under a crisp one. */
export function glowStroke(shape: string, colour: string, width: number): string {
  return [6, 3.5, 2]
    .map((k, i) => shape.replace('/>', ` fill="none" stroke="${colour}" stroke-width="${f(width * k)}" stroke-opacity="${[0.08, 0.16, 0.3][i]}" stroke-linecap="round"/>`))
    .join('') + shape.replace('/>', ` fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-linecap="round"/>`);
}
