// Close-ups: the rev counter from the driver's seat, and the car itself cropped tight on a wheel,
// the tail or the nose, over a softly lit backdrop.
import type { Random } from '../random.ts';
import { carSvg, wheelCentres, type CarLook } from './car.ts';
import { darken, mix } from './colour.ts';
import { digitsPath } from './digits.ts';
import { f, softFill } from './parts.ts';

/** The instrument binnacle: a big tachometer with its redline, a speedo beside it, the wheel rim below. */
export function gaugeSvg(id: string, w: number, h: number, random: Random, car: CarLook): string {
  const cx = w * random.between(0.45, 0.55);
  const cy = h * 0.46;
  const r = Math.min(w, h) * 0.3;
  const maxRpm = random.pick([8, 9, 9, 10]);
  const redline = maxRpm - random.pick([1, 1.5, 2]);
  const rpm = random.between(redline - 2.5, redline + 0.3);
  const dial = random.pick(['#0d0e10', '#0d0e10', '#f2f0ea', '#1a1f2b']);
  const ink = dial === '#f2f0ea' ? '#16171a' : '#f2f2ef';
  const needle = random.pick(['#ff5a1f', '#ff2d3c', '#f5c400']);
  // The sweep runs from 225° (0 rpm) clockwise through 270° of arc.
  const angle = (value: number) => ((225 - (value / maxRpm) * 270) * Math.PI) / 180;
  const at = (value: number, radius: number) => [cx + Math.cos(angle(value)) * radius, cy - Math.sin(angle(value)) * radius] as const;
  const parts = [
    `<defs><radialGradient id="${id}-dash" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#2a2d33"/><stop offset="1" stop-color="#08090b"/></radialGradient>
      <radialGradient id="${id}-glass" cx="0.35" cy="0.25" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.14"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#${id}-dash)"/>`,
    // The hood over the dials.
    `<path d="M ${f(-w * 0.1)} ${f(cy - r * 1.25)} Q ${f(w / 2)} ${f(cy - r * 1.9)} ${f(w * 1.1)} ${f(cy - r * 1.25)} L ${f(w * 1.1)} 0 L ${f(-w * 0.1)} 0 Z" fill="#050507"/>`,
  ];
  // A smaller speedometer on one side, partly hidden.
  const sx = cx + (random.chance(0.5) ? -1 : 1) * r * 1.55;
  parts.push(`<circle cx="${f(sx)}" cy="${f(cy + r * 0.15)}" r="${f(r * 0.72)}" fill="${dial}" stroke="#3a3d44" stroke-width="${f(r * 0.06)}"/>`);
  for (let i = 0; i <= 12; i++) {
    const a = ((225 - i * 22.5) * Math.PI) / 180;
    parts.push(`<line x1="${f(sx + Math.cos(a) * r * 0.6)}" y1="${f(cy + r * 0.15 - Math.sin(a) * r * 0.6)}" x2="${f(sx + Math.cos(a) * r * 0.66)}" y2="${f(cy + r * 0.15 - Math.sin(a) * r * 0.66)}" stroke="${ink}" stroke-width="${f(r * 0.02)}"/>`);
  }
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.08)}" fill="#2b2e34"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${dial}"/>`);
  // Redline band, ticks and figures.
  const [rx0, ry0] = at(redline, r * 0.86);
  const [rx1, ry1] = at(maxRpm, r * 0.86);
  parts.push(`<path d="M ${f(rx0)} ${f(ry0)} A ${f(r * 0.86)} ${f(r * 0.86)} 0 0 1 ${f(rx1)} ${f(ry1)}" stroke="#e0202e" stroke-width="${f(r * 0.1)}" fill="none"/>`);
  for (let i = 0; i <= maxRpm * 2; i++) {
    const major = i % 2 === 0;
    const [x0, y0] = at(i / 2, r * (major ? 0.74 : 0.8));
    const [x1, y1] = at(i / 2, r * 0.92);
    parts.push(`<line x1="${f(x0)}" y1="${f(y0)}" x2="${f(x1)}" y2="${f(y1)}" stroke="${i / 2 >= redline ? '#ff4d5a' : ink}" stroke-width="${f(r * (major ? 0.035 : 0.018))}" stroke-linecap="round"/>`);
    if (major) {
      const [tx, ty] = at(i / 2, r * 0.58);
      parts.push(digitsPath(String(i / 2), tx, ty, r * 0.13, ink));
    }
  }
  // The shift light, lit near the redline.
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy - r * 1.2)}" r="${f(r * 0.06)}" fill="${rpm > redline - 0.3 ? '#ff3b3b' : '#3a1212'}"/>`);
  const [nx, ny] = at(rpm, r * 0.9);
  const [bx, by] = at(rpm, -r * 0.15);
  parts.push(`<line x1="${f(bx)}" y1="${f(by)}" x2="${f(nx)}" y2="${f(ny)}" stroke="${needle}" stroke-width="${f(r * 0.035)}" stroke-linecap="round"/>`);
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.1)}" fill="#1b1c20" stroke="#55585f" stroke-width="3"/>`);
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id}-glass)"/>`);
  // The steering wheel rim across the bottom, with a centre stripe in the car's accent.
  const wheelR = w * 0.75;
  parts.push(`<circle cx="${f(cx)}" cy="${f(h + wheelR * 0.72)}" r="${f(wheelR)}" fill="none" stroke="#141416" stroke-width="${f(h * 0.07)}"/>`);
  parts.push(`<rect x="${f(cx - h * 0.012)}" y="${f(h + wheelR * 0.72 - wheelR - h * 0.035)}" width="${f(h * 0.024)}" height="${f(h * 0.07)}" fill="${car.accent === '#f4f4f2' ? '#c8102e' : car.accent}"/>`);
  return parts.join('');
}

export type CloseUp = 'wheel' | 'tail' | 'nose';

/** The car cropped tight on one part, over a soft backdrop lit by `light`. */
export function closeUpSvg(id: string, w: number, h: number, random: Random, car: CarLook, part: CloseUp, backdrop: { top: string; floor: string }): string {
  const { front, radius } = wheelCentres(car);
  // The point of the car (in its own units) to put at the centre, and how big.
  const target =
    part === 'wheel'
      ? { x: front, y: -radius * 1.15, scale: (Math.min(w, h) * 0.34) / radius }
      : part === 'tail'
        ? { x: 150, y: -150, scale: w / 360 }
        : { x: 860, y: -130, scale: w / 380 };
  const ground = h * 0.5 + (0 - target.y) * target.scale;
  const tx = w * 0.5 - target.x * target.scale;
  const ty = h * 0.5 - target.y * target.scale;
  const flip = part === 'tail' ? random.chance(0.3) : random.chance(0.5);
  const transform = flip ? `translate(${f(w - tx)} ${f(ty)}) scale(${f(-target.scale)} ${f(target.scale)})` : `translate(${f(tx)} ${f(ty)}) scale(${f(target.scale)})`;
  const bokeh: string[] = [];
  for (let i = 0; i < 10; i++) {
    bokeh.push(`<circle cx="${f(random.between(0, w))}" cy="${f(random.between(0, ground * 0.8))}" r="${f(random.between(h * 0.02, h * 0.07))}" fill="url(#${id}-bokeh)" opacity="${f(random.between(0.4, 0.9))}"/>`);
  }
  return `<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop.top}"/><stop offset="1" stop-color="${darken(backdrop.top, 0.35)}"/></linearGradient>
      ${softFill(`${id}-bokeh`, mix(backdrop.top, '#ffffff', 0.55), 0.5)}</defs>
    <rect width="${w}" height="${h}" fill="url(#${id}-bg)"/>
    ${bokeh.join('')}
    <rect y="${f(ground)}" width="${w}" height="${f(h)}" fill="${backdrop.floor}"/>
    <g transform="${transform}">${carSvg(car, id)}</g>`;
}
