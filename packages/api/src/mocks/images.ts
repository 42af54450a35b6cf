// Offline images for fixtures: small SVG data URLs (a colour gradient with a car silhouette, an
// avatar with initials, a community cover). No network, deterministic per seed, so Storybook
// screenshots are stable.

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const svgUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Side profiles drawn in a 120 × 50 box, wheels centred on y = 40.
const SILHOUETTES = {
  coupe: 'M4 38 L8 30 Q12 27 28 25 L42 15 Q48 11 62 11 L76 11 Q86 12 94 23 L110 27 Q116 29 116 35 L116 40 L4 40 Z',
  suv: 'M4 39 L5 26 Q6 22 14 21 L26 9 Q28 7 34 7 L88 7 Q94 7 98 13 L106 21 Q116 23 116 30 L116 40 L4 40 Z',
  roadster: 'M3 38 L6 31 Q10 28 34 27 L46 20 L52 20 L58 26 L98 26 Q112 27 117 33 L117 40 L3 40 Z',
} as const;
export type CarShape = keyof typeof SILHOUETTES;
const SHAPES = Object.keys(SILHOUETTES) as CarShape[];

export interface CarImageOptions {
  /** Any text; the same seed always gives the same picture. */
  seed: string;
  width?: number;
  height?: number;
  shape?: CarShape;
}

/** A post photo: a two-colour gradient, a road line and a car silhouette. */
export function carImage({ seed, width = 1200, height = 800, shape }: CarImageOptions): string {
  const h = hash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360;
  const car = SILHOUETTES[shape ?? SHAPES[(h >> 3) % SHAPES.length]!];
  const scale = (width * 0.6) / 120;
  const x = width * 0.2;
  const y = height * 0.72 - 40 * scale;
  const wheel = 7 * scale;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 58%)"/><stop offset="1" stop-color="hsl(${hue2} 65% 28%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<rect y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="hsl(${hue2} 30% 16%)"/>` +
    `<rect x="0" y="${height * 0.85}" width="100%" height="${Math.max(2, height * 0.01)}" fill="hsl(50 90% 70%)" opacity=".6"/>` +
    `<g transform="translate(${x} ${y}) scale(${scale})"><path d="${car}" fill="hsl(${hue} 20% 10%)"/></g>` +
    `<circle cx="${x + 28 * scale}" cy="${y + 40 * scale}" r="${wheel}" fill="#111"/>` +
    `<circle cx="${x + 94 * scale}" cy="${y + 40 * scale}" r="${wheel}" fill="#111"/>` +
    `<circle cx="${x + 28 * scale}" cy="${y + 40 * scale}" r="${wheel * 0.45}" fill="#bbb"/>` +
    `<circle cx="${x + 94 * scale}" cy="${y + 40 * scale}" r="${wheel * 0.45}" fill="#bbb"/>` +
    `</svg>`;
  return svgUrl(svg);
}

/** A round-friendly square avatar with the person's initials. */
export function avatarImage(fullName: string, size = 256): string {
  const hue = hash(fullName) % 360;
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="hsl(${hue} 55% 45%)"/>` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="40" font-weight="600" fill="#fff">${escapeXml(initials)}</text>` +
    `</svg>`;
  return svgUrl(svg);
}

/** A community cover: a wide gradient with a car silhouette. */
export function coverImage(name: string): string {
  return carImage({ seed: `cover:${name}`, width: 1200, height: 400 });
}

// A valid 16 × 16 PNG: small enough to inline, real enough for a server that decodes uploads.
const SAMPLE_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mM4oaFBEmIY1TCqYfhqAAB8MxgQ+iSj5QAAAABJRU5ErkJggg==';

/** An image file to upload in tests and stories (a real PNG, checked by content). */
export function samplePngFile(name = 'photo.png'): File {
  const bytes = Uint8Array.from(atob(SAMPLE_PNG_BASE64), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png' });
}
