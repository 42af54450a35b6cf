// Our own artwork, drawn here as SVG and rendered with sharp (nothing is downloaded): the cover a
// community shows until its creator uploads one, and the background of the auth screens.
// Asphalt and graphite with the racing-red accent of the design tokens (packages/ui styles.css).
//
// The files are stored in the media store like uploads and served with the same immutable
// caching, so their keys carry a version: change the drawing, bump the version.
import sharp from 'sharp';
import { processImage } from './process.ts';

const ARTWORK_VERSION = 'v1';

export const DEFAULT_ARTWORK_KEYS = {
  /** The `wide` size of a community cover (1500×500); its `thumb` sibling below. */
  communityCover: `defaults/community-cover-${ARTWORK_VERSION}-wide.webp`,
  communityCoverThumb: `defaults/community-cover-${ARTWORK_VERSION}-thumb.webp`,
  /** The right-hand image of the auth screens (1600×1200; hidden below 900 px). */
  authBackground: `defaults/auth-background-${ARTWORK_VERSION}.webp`,
} as const;

const colours = {
  asphalt: '#111315',
  graphite: '#2a2e33',
  concrete: '#5b616b',
  chalk: '#e4e6e9',
  accent: '#c8102e',
};

/** A low GT coupé in profile, 600 units long, wheels on the line y = 0. */
function carSilhouette(fill: string, accent: string): string {
  return `
    <path fill="${fill}" d="M8 -24 C6 -40 14 -50 40 -54 L130 -62 C176 -88 226 -98 290 -99 C350 -99 392 -88 436 -68
      L548 -56 C576 -52 592 -44 595 -28 L596 -14 C596 -6 590 -2 580 -2 L528 -2 A50 50 0 0 0 432 -2 L170 -2
      A50 50 0 0 0 74 -2 L22 -2 C12 -2 8 -8 8 -22 Z"/>
    <path fill="${colours.asphalt}" opacity="0.55" d="M160 -64 C196 -84 238 -92 288 -92 L292 -64 Z M304 -92 C348 -92 380 -84 410 -66 L306 -64 Z"/>
    <path fill="${accent}" d="M26 -34 L584 -40 L586 -34 L26 -28 Z"/>
    <circle cx="122" cy="-2" r="40" fill="${colours.asphalt}"/><circle cx="122" cy="-2" r="27" fill="${colours.graphite}" stroke="${colours.concrete}" stroke-width="3"/>
    <circle cx="480" cy="-2" r="40" fill="${colours.asphalt}"/><circle cx="480" cy="-2" r="27" fill="${colours.graphite}" stroke="${colours.concrete}" stroke-width="3"/>`;
}

/** Fine grain, so large flat areas read as asphalt rather than as a flat fill. */
const grain = `
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" result="noise"/>
    <feColorMatrix in="noise" type="saturate" values="0"/>
    <feComponentTransfer><feFuncA type="table" tableValues="0 0.07"/></feComponentTransfer>
  </filter>`;

/** 1500×500: a track bending across the frame, kerbs, the racing line and a car on it. */
export function communityCoverSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours.graphite}"/><stop offset="1" stop-color="${colours.asphalt}"/>
    </linearGradient>
    ${grain}
  </defs>
  <rect width="1500" height="500" fill="url(#sky)"/>
  <path d="M-20 430 C 380 420 620 250 1000 230 C 1240 218 1400 250 1520 300 L1520 520 L-20 520 Z" fill="${colours.asphalt}"/>
  <path d="M-20 430 C 380 420 620 250 1000 230 C 1240 218 1400 250 1520 300" fill="none" stroke="${colours.chalk}" stroke-width="10" stroke-dasharray="36 36" opacity="0.9"/>
  <path d="M-20 430 C 380 420 620 250 1000 230 C 1240 218 1400 250 1520 300" fill="none" stroke="${colours.accent}" stroke-width="10" stroke-dasharray="36 36" stroke-dashoffset="36"/>
  <path d="M-20 492 C 420 486 700 352 1060 340 C 1260 334 1400 360 1520 396" fill="none" stroke="${colours.accent}" stroke-width="4" opacity="0.85"/>
  <path d="M-20 470 C 400 466 660 318 1020 300 C 1240 290 1400 318 1520 360" fill="none" stroke="${colours.concrete}" stroke-width="2" stroke-dasharray="40 28" opacity="0.6"/>
  <g transform="translate(880 372) scale(0.62) rotate(-3)">${carSilhouette(colours.chalk, colours.accent)}</g>
  <rect width="1500" height="500" filter="url(#grain)"/>
</svg>`;
}

/** 1600×1200: night asphalt, the racing line sweeping down the frame, a car crossing it. */
export function authBackgroundSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <defs>
    <radialGradient id="light" cx="0.72" cy="0.28" r="0.9">
      <stop offset="0" stop-color="#3a3f46"/><stop offset="0.55" stop-color="${colours.graphite}"/><stop offset="1" stop-color="${colours.asphalt}"/>
    </radialGradient>
    ${grain}
  </defs>
  <rect width="1600" height="1200" fill="url(#light)"/>
  <path d="M-40 1240 C 260 900 520 760 900 700 C 1220 650 1420 520 1660 260 L1660 1240 Z" fill="${colours.asphalt}" opacity="0.92"/>
  <path d="M-40 1240 C 260 900 520 760 900 700 C 1220 650 1420 520 1660 260" fill="none" stroke="${colours.chalk}" stroke-width="14" stroke-dasharray="48 48" opacity="0.85"/>
  <path d="M-40 1240 C 260 900 520 760 900 700 C 1220 650 1420 520 1660 260" fill="none" stroke="${colours.accent}" stroke-width="14" stroke-dasharray="48 48" stroke-dashoffset="48"/>
  <path d="M140 1240 C 420 1000 640 900 980 850 C 1260 808 1460 700 1660 500" fill="none" stroke="${colours.accent}" stroke-width="5"/>
  <path d="M60 1240 C 340 960 580 840 940 780 C 1240 730 1440 610 1660 380" fill="none" stroke="${colours.concrete}" stroke-width="3" stroke-dasharray="56 40" opacity="0.55"/>
  <g transform="translate(700 905) scale(0.95) rotate(-12)">${carSilhouette(colours.chalk, colours.accent)}</g>
  <rect width="1600" height="1200" filter="url(#grain)"/>
</svg>`;
}

export interface DefaultArtwork {
  key: string;
  bytes: Buffer;
  contentType: 'image/webp';
}

/** Renders every artwork file (a few hundred milliseconds). */
export async function defaultArtwork(): Promise<DefaultArtwork[]> {
  // The cover goes through the cover pipeline, so its sizes are exactly those of uploaded covers.
  const coverPng = await sharp(Buffer.from(communityCoverSvg())).png().toBuffer();
  const cover = await processImage(coverPng, 'cover');
  const variantBytes = (name: string) => cover.variants.find((variant) => variant.name === name)!.bytes;
  const background = await sharp(Buffer.from(authBackgroundSvg())).webp({ quality: 80 }).toBuffer();
  return [
    { key: DEFAULT_ARTWORK_KEYS.communityCover, bytes: variantBytes('wide'), contentType: 'image/webp' },
    { key: DEFAULT_ARTWORK_KEYS.communityCoverThumb, bytes: variantBytes('thumb'), contentType: 'image/webp' },
    { key: DEFAULT_ARTWORK_KEYS.authBackground, bytes: background, contentType: 'image/webp' },
  ];
}
