// Outdoor backdrops: a circuit, a mountain pass, a gravel stage, a Sunday-morning car park.
// Each returns what goes behind the car and what goes in front of it.
import type { Random } from '../random.ts';
import { carSvg, type CarLook } from './car.ts';
import { darken, mix } from './colour.ts';
import { f, mountains, pines, ridge, roundTrees, sky, SKIES, softFill, sun, type Placement, type TimeOfDay } from './parts.ts';

export interface Stage {
  id: string;
  width: number;
  height: number;
  time: TimeOfDay;
  random: Random;
  car: CarLook;
  placement: Placement;
}

export interface Layers {
  back: string;
  front: string;
}

/** A circuit: grandstand and pit building, armco, kerbs, the car at speed. */
export function trackScene(s: Stage): Layers {
  const { width: w, height: h, random } = s;
  const haze = SKIES[s.time].haze;
  const ground = s.placement.ground;
  const horizon = ground - h * 0.17;
  const parts = [sky(s.id, s.time, w, horizon), ridge(random, w, horizon - h * 0.16, h * 0.06, horizon, mix('#4d6b4a', haze, 0.55), 4)];
  if (s.time === 'golden' || s.time === 'dusk') parts.push(sun(s.id, w * random.between(0.15, 0.85), horizon - h * 0.12, h * 0.03, '#ffe2b0'));
  // The pit building: a long low block with a glass front and a tower.
  const building = mix('#d9dbde', haze, 0.35);
  const bx = random.between(-w * 0.2, w * 0.3);
  const bw = w * random.between(0.6, 0.9);
  parts.push(
    `<rect x="${f(bx)}" y="${f(horizon - h * 0.1)}" width="${f(bw)}" height="${f(h * 0.1)}" fill="${building}"/>`,
    `<rect x="${f(bx)}" y="${f(horizon - h * 0.085)}" width="${f(bw)}" height="${f(h * 0.03)}" fill="${mix('#2c3a48', haze, 0.3)}"/>`,
    `<rect x="${f(bx - 6)}" y="${f(horizon - h * 0.108)}" width="${f(bw + 12)}" height="${f(h * 0.012)}" fill="${darken(building, 0.25)}"/>`,
    `<rect x="${f(bx + bw * 0.7)}" y="${f(horizon - h * 0.2)}" width="${f(w * 0.06)}" height="${f(h * 0.1)}" fill="${darken(building, 0.08)}"/>`,
    `<rect x="${f(bx + bw * 0.7 - 4)}" y="${f(horizon - h * 0.185)}" width="${f(w * 0.06 + 8)}" height="${f(h * 0.03)}" fill="${mix('#2c3a48', haze, 0.2)}"/>`,
  );
  // Grass, then armco with sponsor boards.
  parts.push(`<rect y="${f(horizon - h * 0.012)}" width="${w}" height="${f(h * 0.05)}" fill="${mix('#5f8a4a', haze, 0.3)}"/>`);
  const boards = ['#c8102e', '#1d1f22', '#f5c400', '#1f4e8c', '#f2f2ef'];
  for (let x = random.between(-40, 0); x < w; x += w * 0.16) {
    parts.push(`<rect x="${f(x)}" y="${f(horizon - h * 0.012)}" width="${f(w * 0.15)}" height="${f(h * 0.024)}" fill="${random.pick(boards)}"/>`);
  }
  parts.push(
    `<rect y="${f(horizon + h * 0.012)}" width="${w}" height="${f(h * 0.018)}" fill="#b9bec4"/>`,
    `<rect y="${f(horizon + h * 0.016)}" width="${w}" height="${f(h * 0.004)}" fill="#e7eaed"/>`,
  );
  // Tarmac, rubbered-in darker on the racing line.
  parts.push(`<defs><linearGradient id="${s.id}-tarmac" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a4e54"/><stop offset="1" stop-color="#26282c"/></linearGradient></defs>`);
  parts.push(`<rect y="${f(horizon + h * 0.03)}" width="${w}" height="${f(h)}" fill="url(#${s.id}-tarmac)"/>`);
  parts.push(`<rect y="${f(ground - h * 0.035)}" width="${w}" height="${f(h * 0.05)}" fill="#1c1d20" opacity="0.35"/>`);
  // Speed: streaks behind the car.
  const tail = s.placement.facing === 'right' ? s.placement.x : s.placement.x + s.placement.length;
  const dir = s.placement.facing === 'right' ? -1 : 1;
  for (let i = 0; i < 7; i++) {
    const y = ground - s.placement.length * random.between(0.04, 0.3);
    const len = w * random.between(0.12, 0.3);
    parts.push(`<rect x="${f(dir < 0 ? tail - len - 20 : tail + 20)}" y="${f(y)}" width="${f(len)}" height="${f(random.between(2, 5))}" rx="2" fill="#ffffff" opacity="${f(random.between(0.15, 0.35))}"/>`);
  }
  // Foreground: the white line and a red-and-white kerb.
  const kerbTop = ground + h * 0.07;
  const front = [`<rect y="${f(kerbTop - h * 0.018)}" width="${w}" height="${f(h * 0.008)}" fill="#f2f2ef"/>`];
  const stripe = w / 12;
  for (let i = -1; i < 14; i++) {
    const x = i * stripe;
    front.push(`<path d="M ${f(x)} ${f(kerbTop)} h ${f(stripe)} l ${f(-stripe * 0.35)} ${f(h * 0.06)} h ${f(-stripe)} Z" fill="${i % 2 ? '#c8102e' : '#f2f2ef'}"/>`);
  }
  front.push(`<rect y="${f(kerbTop + h * 0.06)}" width="${w}" height="${f(h)}" fill="${mix('#5f8a4a', '#1d2a18', 0.3)}"/>`);
  return { back: parts.join(''), front: front.join('') };
}

/** A mountain pass: ridges in the haze, maples, guardrail and a centre line. */
export function tougeScene(s: Stage): Layers {
  const { width: w, height: h, random } = s;
  const haze = SKIES[s.time].haze;
  const ground = s.placement.ground;
  const horizon = ground - h * 0.13;
  const parts = [sky(s.id, s.time, w, horizon + 4)];
  if (s.time !== 'day' && s.time !== 'overcast') parts.push(sun(s.id, w * random.between(0.2, 0.8), h * random.between(0.2, 0.35), h * 0.035, '#ffe9c4'));
  parts.push(
    mountains(random, w, horizon - h * 0.42, h * 0.2, horizon, mix('#5a6a8a', haze, 0.6), 5),
    mountains(random, w, horizon - h * 0.3, h * 0.16, horizon, mix('#3f4d6b', haze, 0.4), 6),
    ridge(random, w, horizon - h * 0.14, h * 0.07, horizon + 4, mix('#2f3d35', haze, 0.25), 6),
  );
  const leaves = s.time === 'day' || s.time === 'overcast' ? ['#4f7a3a', '#6b8f3f', '#3d6a34'] : ['#d2642c', '#e8a33c', '#b5402a', '#8a9a3a'];
  parts.push(roundTrees(random, w, horizon + 2, h * 0.16, leaves.map((c) => mix(c, haze, 0.2))));
  // Road from the guardrail down, with a centre line.
  parts.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h)}" fill="#33363b"/>`);
  parts.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h * 0.012)}" fill="#55595f"/>`);
  // Guardrail: posts and a W-beam.
  const rail = horizon - h * 0.035;
  for (let x = random.between(0, 30); x < w; x += w * 0.07) parts.push(`<rect x="${f(x)}" y="${f(rail)}" width="${f(w * 0.008)}" height="${f(h * 0.04)}" fill="#8b9096"/>`);
  parts.push(`<rect y="${f(rail)}" width="${w}" height="${f(h * 0.018)}" fill="#d8dce0"/><rect y="${f(rail + h * 0.007)}" width="${w}" height="${f(h * 0.004)}" fill="#9aa0a6"/>`);
  const line = ground + h * 0.05;
  const front: string[] = [];
  for (let x = random.between(-60, 0); x < w; x += w * 0.14) front.push(`<rect x="${f(x)}" y="${f(line)}" width="${f(w * 0.08)}" height="${f(h * 0.01)}" fill="#f2c230"/>`);
  return { back: parts.join(''), front: front.join('') };
}

/** A gravel or snow stage through the forest, with dust or spray behind the car. */
export function rallyScene(s: Stage, snow: boolean): Layers {
  const { width: w, height: h, random } = s;
  const haze = SKIES[s.time].haze;
  const ground = s.placement.ground;
  const horizon = ground - h * 0.16;
  const parts = [sky(s.id, s.time, w, horizon + 4)];
  parts.push(mountains(random, w, horizon - h * 0.3, h * 0.14, horizon, mix(snow ? '#c9d3de' : '#6f7f8f', haze, 0.5), 5));
  const forest = snow ? ['#5b6f69', '#3f534d', '#27372f'] : ['#4a6b52', '#2f4d3a', '#1d3326'];
  parts.push(pines(random, w, horizon + 2, h * 0.22, mix(forest[0]!, haze, 0.55), snow));
  parts.push(pines(random, w, horizon + 6, h * 0.3, mix(forest[1]!, haze, 0.3), snow));
  parts.push(pines(random, w, horizon + 10, h * 0.36, forest[2]!, snow));
  const surface = snow ? '#eef2f6' : '#a88a63';
  parts.push(`<rect y="${f(horizon + 8)}" width="${w}" height="${f(h)}" fill="${surface}"/>`);
  // Ruts of earlier cars.
  for (let i = 0; i < 4; i++) {
    const y = horizon + h * 0.03 + i * h * 0.04;
    parts.push(`<rect y="${f(y)}" width="${w}" height="${f(h * 0.008)}" fill="${darken(surface, snow ? 0.12 : 0.18)}" opacity="0.6"/>`);
  }
  // Dust or snow thrown up behind the car: overlapping soft clouds, densest at the rear wheel.
  const rear = s.placement.facing === 'right' ? s.placement.x + s.placement.length * 0.18 : s.placement.x + s.placement.length * 0.82;
  const dir = s.placement.facing === 'right' ? -1 : 1;
  const cloud = snow ? '#ffffff' : '#d9c3a0';
  parts.push(`<defs>${softFill(`${s.id}-dust`, cloud, 0.75)}</defs>`);
  for (let i = 0; i < 14; i++) {
    const t = random.next();
    const r = s.placement.length * random.between(0.08, 0.2) * (0.6 + t);
    parts.push(`<circle cx="${f(rear + dir * t * w * 0.45)}" cy="${f(ground - r * 0.5 - t * h * 0.08)}" r="${f(r)}" fill="url(#${s.id}-dust)" opacity="${f(random.between(0.5, 0.95))}"/>`);
  }
  const front: string[] = [];
  for (let i = 0; i < 40; i++) {
    const t = random.next();
    front.push(`<circle cx="${f(rear + dir * (t * s.placement.length * 0.5 + 10))}" cy="${f(ground - random.next() * h * 0.12 * (1 - t))}" r="${f(random.between(1.5, 4.5))}" fill="${snow ? '#ffffff' : '#6d5538'}" opacity="0.85"/>`);
  }
  front.push(`<rect y="${f(ground + h * 0.09)}" width="${w}" height="${f(h)}" fill="${snow ? '#f6f8fb' : '#6e7f4e'}"/>`);
  return { back: parts.join(''), front: front.join('') };
}

/** Cars & Coffee: a café with an awning, trees, painted bays and other cars further back. */
export function meetScene(s: Stage, others: readonly CarLook[]): Layers {
  const { width: w, height: h, random } = s;
  const haze = SKIES[s.time].haze;
  const ground = s.placement.ground;
  const horizon = ground - h * 0.22;
  const parts = [sky(s.id, s.time, w, horizon + 4)];
  if (s.time === 'golden' || s.time === 'dawn') parts.push(sun(s.id, w * random.between(0.1, 0.9), horizon - h * 0.16, h * 0.03, '#fff0cc'));
  parts.push(roundTrees(random, w, horizon + 2, h * 0.26, ['#4f7240', '#5f8448', '#3d5f36'].map((c) => mix(c, haze, 0.35))));
  // The café: a low building, big windows, a striped awning.
  const cx = random.between(w * 0.05, w * 0.45);
  const cw = w * random.between(0.35, 0.5);
  const wall = random.pick(['#e9e2d6', '#d8cbb8', '#cfd6dc', '#2f3338']);
  const stripe = random.pick(['#c8102e', '#1f4e8c', '#2e6b3f', '#1d1f22']);
  parts.push(`<rect x="${f(cx)}" y="${f(horizon - h * 0.14)}" width="${f(cw)}" height="${f(h * 0.15)}" fill="${mix(wall, haze, 0.2)}"/>`);
  parts.push(`<rect x="${f(cx + cw * 0.08)}" y="${f(horizon - h * 0.08)}" width="${f(cw * 0.84)}" height="${f(h * 0.08)}" fill="${mix('#2a3440', haze, 0.2)}"/>`);
  const cells = 8;
  for (let i = 0; i < cells; i++) {
    parts.push(`<path d="M ${f(cx + (cw * i) / cells)} ${f(horizon - h * 0.115)} h ${f(cw / cells)} l ${f(cw * 0.01)} ${f(h * 0.035)} h ${f(-cw / cells)} Z" fill="${i % 2 ? '#f4f1ea' : stripe}"/>`);
  }
  parts.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h)}" fill="#55585d"/>`);
  // Cars parked further back: smaller, higher in the frame and veiled by haze, so the hero
  // car in front stands out.
  const small = s.placement.length * 0.42;
  const gap = w / Math.max(1, others.length);
  const row = horizon + h * 0.035;
  others.forEach((look, i) => {
    const x = gap * i + random.between(-gap * 0.15, gap * 0.25);
    const scale = small / 1000;
    const transform = random.chance(0.5) ? `translate(${f(x)} ${f(row)}) scale(${scale})` : `translate(${f(x + small)} ${f(row)}) scale(${-scale} ${scale})`;
    parts.push(`<g transform="${transform}">${carSvg(look, `${s.id}-o${i}`)}</g>`);
  });
  parts.push(`<rect y="${f(horizon - h * 0.2)}" width="${w}" height="${f(h * 0.26)}" fill="${haze}" opacity="0.3"/>`);
  parts.push(`<rect y="${f(horizon + h * 0.09)}" width="${w}" height="${f(h)}" fill="#4b4e53"/>`);
  // Painted bay lines, in perspective.
  const front: string[] = [];
  for (let x = random.between(-w * 0.1, 0); x < w * 1.1; x += w * 0.3) {
    parts.push(`<path d="M ${f(x)} ${f(horizon + h * 0.1)} l ${f(w * 0.012)} 0 l ${f(-w * 0.07)} ${f(h)} l ${f(-w * 0.02)} 0 Z" fill="#e9e9e4" opacity="0.8"/>`);
  }
  front.push(`<rect y="${f(ground + h * 0.1)}" width="${w}" height="${f(h)}" fill="#3f4246" opacity="0.5"/>`);
  return { back: parts.join(''), front: front.join('') };
}

/** A coast road: the sea to the horizon, headlands, a low stone wall along the road. */
export function coastScene(s: Stage): Layers {
  const { width: w, height: h, random } = s;
  const haze = SKIES[s.time].haze;
  const ground = s.placement.ground;
  const horizon = ground - h * 0.3;
  const wall = ground - h * 0.1;
  const [, , glow] = SKIES[s.time].stops;
  const parts = [sky(s.id, s.time, w, horizon + 2)];
  if (s.time !== 'overcast') parts.push(sun(s.id, w * random.between(0.15, 0.85), horizon - h * random.between(0.06, 0.2), h * 0.03, '#fff2d0'));
  parts.push(
    `<defs><linearGradient id="${s.id}-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix('#2f6f9a', glow, 0.35)}"/><stop offset="1" stop-color="${mix('#174a6b', '#0c2233', 0.3)}"/></linearGradient></defs>`,
    `<rect y="${f(horizon)}" width="${w}" height="${f(wall - horizon + 4)}" fill="url(#${s.id}-sea)"/>`,
  );
  // Glitter on the water, and a headland running out to sea on one side.
  for (let i = 0; i < 18; i++) {
    parts.push(`<rect x="${f(random.between(0, w))}" y="${f(horizon + random.next() * (wall - horizon) * 0.8)}" width="${f(w * random.between(0.02, 0.06))}" height="2" fill="${glow}" opacity="${f(random.between(0.3, 0.7))}"/>`);
  }
  const left = random.chance(0.5);
  const cape = `M ${left ? 0 : w} ${f(horizon + h * 0.02)} L ${left ? 0 : w} ${f(horizon - h * 0.16)} Q ${f(w * (left ? 0.18 : 0.82))} ${f(horizon - h * 0.2)} ${f(w * (left ? 0.38 : 0.62))} ${f(horizon + h * 0.02)} Z`;
  parts.push(`<path d="${cape}" fill="${mix('#3f5a45', haze, 0.45)}"/>`);
  // The stone wall between road and cliff edge, then the road.
  parts.push(`<rect y="${f(wall)}" width="${w}" height="${f(h * 0.05)}" fill="#b3aa98"/>`);
  for (let x = random.between(-20, 0); x < w; x += w * 0.045) parts.push(`<rect x="${f(x)}" y="${f(wall)}" width="2" height="${f(h * 0.05)}" fill="#8d8575"/>`);
  parts.push(`<rect y="${f(wall + h * 0.05)}" width="${w}" height="${f(h)}" fill="#3a3d42"/>`);
  const front: string[] = [];
  const line = ground + h * 0.05;
  for (let x = random.between(-60, 0); x < w; x += w * 0.14) front.push(`<rect x="${f(x)}" y="${f(line)}" width="${f(w * 0.08)}" height="${f(h * 0.01)}" fill="#f2f2ef"/>`);
  return { back: parts.join(''), front: front.join('') };
}
