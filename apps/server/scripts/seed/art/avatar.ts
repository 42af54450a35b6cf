// Profile pictures: a racing helmet in the driver's colours, or their car on a coloured disc.
// 512 × 512; the avatar pipeline crops the centre square to 256 and 96.
import sharp from 'sharp';
import type { Random } from '../random.ts';
import { carSvg, type CarLook } from './car.ts';
import { darken, lighten, luminance, mix } from './colour.ts';
import { digitsPath } from './digits.ts';

const SIZE = 512;

export interface AvatarSpec {
  seed: number;
  /** The shell; usually the paint of their car. */
  colour: string;
  accent: string;
  background: string;
  kind: 'helmet' | 'car';
  car: CarLook;
  number: number;
}

const SHELL = 'M 104 318 C 96 196 180 104 300 104 C 402 104 462 176 466 262 L 468 344 Q 468 392 420 396 L 160 398 Q 110 398 104 318 Z';
const VISOR = 'M 300 206 L 448 202 Q 468 202 470 230 L 472 276 Q 472 296 452 298 L 306 300 Q 278 300 278 254 Q 278 208 300 206 Z';

const VISOR_TINTS: ReadonlyArray<[string, string]> = [
  ['#2a3340', '#0a0d12'],
  ['#3b6fd8', '#6a2fb0'],
  ['#f2b233', '#d4462a'],
  ['#7fd0ff', '#1c4f7a'],
  ['#c4ccd6', '#4b5563'],
];

function pattern(random: Random, accent: string, second: string, number: number): string {
  switch (random.int(0, 5)) {
    case 0: // a band round the visor, a second colour beneath (the classic Brazilian-yellow look)
      return `<path d="M 90 250 Q 280 150 480 190 L 480 240 Q 280 200 90 300 Z" fill="${accent}"/><path d="M 90 300 Q 280 200 480 240 L 480 262 Q 280 226 90 322 Z" fill="${second}"/>`;
    case 1: // a different crown
      return `<path d="M 80 200 Q 300 40 520 210 L 520 120 L 80 80 Z" fill="${accent}"/><path d="M 80 200 Q 300 40 520 210" stroke="${second}" stroke-width="14" fill="none"/>`;
    case 2: // an arrow pointing forward
      return `<path d="M 90 230 L 300 230 L 360 300 L 300 370 L 90 370 L 150 300 Z" fill="${accent}"/>`;
    case 3: // a chequered band
      return Array.from({ length: 12 }, (_, i) =>
        [0, 1].map((row) => `<rect x="${100 + i * 32}" y="${318 + row * 32}" width="32" height="32" fill="${(i + row) % 2 ? accent : second}"/>`).join(''),
      ).join('');
    case 4: // the number on the side
      return `<circle cx="200" cy="290" r="62" fill="${second}"/>${digitsPath(String(number), 200, 290, 64, luminance(second) > 0.6 ? '#111111' : '#ffffff')}`;
    default: // a diagonal split
      return `<path d="M 60 420 L 420 60 L 520 60 L 520 420 Z" fill="${accent}" opacity="0.95"/><path d="M 60 420 L 420 60" stroke="${second}" stroke-width="16"/>`;
  }
}

function helmet(spec: AvatarSpec, random: Random): string {
  const [tintTop, tintBottom] = random.pick(VISOR_TINTS);
  const second = luminance(spec.colour) > 0.7 ? '#141416' : '#f4f4f2';
  return `<defs>
      <clipPath id="shell"><path d="${SHELL}"/></clipPath>
      <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.4"/></linearGradient>
      <linearGradient id="visor" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tintTop}"/><stop offset="1" stop-color="${tintBottom}"/></linearGradient>
    </defs>
    <path d="${SHELL}" fill="${spec.colour}"/>
    <g clip-path="url(#shell)">${pattern(random, spec.accent, second, spec.number)}<rect width="${SIZE}" height="${SIZE}" fill="url(#shade)"/></g>
    <path d="M 150 398 L 420 396 Q 452 394 462 372 L 462 408 L 150 410 Z" fill="#151618"/>
    <path d="${VISOR}" fill="url(#visor)" stroke="${darken(spec.colour, 0.5)}" stroke-width="6"/>
    <path d="M 310 214 L 420 212 L 380 236 L 306 238 Z" fill="#ffffff" opacity="0.3"/>
    <circle cx="262" cy="256" r="16" fill="${darken(spec.colour, 0.35)}" stroke="${lighten(spec.colour, 0.3)}" stroke-width="4"/>
    <path d="M 180 140 Q 240 112 300 116" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.35" fill="none"/>
    <rect x="410" y="322" width="50" height="10" rx="5" fill="${darken(spec.colour, 0.4)}"/><rect x="410" y="342" width="50" height="10" rx="5" fill="${darken(spec.colour, 0.4)}"/>`;
}

export function avatarSvg(spec: AvatarSpec, random: Random): string {
  const background = `<defs><radialGradient id="bg" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="${lighten(spec.background, 0.18)}"/><stop offset="1" stop-color="${darken(spec.background, 0.25)}"/></radialGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`;
  const body =
    spec.kind === 'helmet'
      ? `<g transform="translate(-30 4)">${helmet(spec, random)}</g>`
      : `<circle cx="256" cy="256" r="190" fill="${mix(spec.background, '#ffffff', 0.2)}" opacity="0.5"/><g transform="translate(26 330) scale(0.46)">${carSvg(spec.car, 'avatar-car')}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${background}${body}</svg>`;
}

export function renderAvatar(spec: AvatarSpec, random: Random): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(spec, random))).jpeg({ quality: 92 }).toBuffer();
}
