// A handful of post pictures for the scale data, drawn as SVG, rendered with sharp and stored once
// through the media pipeline (so they are served like uploads); every generated post points at
// one to three of them.
import sharp from 'sharp';
import type { Media } from '../../src/modules/media/media.ts';
import type { StoredPicture } from './tables.ts';

const HUES = [['#1b2a41', '#c8102e'], ['#2a2e33', '#f2a900'], ['#0f3b2e', '#e4e6e9'], ['#3b1f2b', '#5bc0eb'], ['#27272a', '#9bc53d'], ['#1e1b4b', '#fb923c']] as const;

function pictureSvg(index: number): string {
  const [ground, accent] = HUES[index % HUES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e4e6e9"/><stop offset="1" stop-color="${ground}"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#sky)"/>
    <circle cx="${300 + index * 180}" cy="300" r="120" fill="${accent}" opacity="0.8"/>
    <path d="M0 900 L1600 820 L1600 1200 L0 1200 Z" fill="#111315"/>
    <rect x="420" y="700" width="760" height="150" rx="60" fill="${accent}"/>
    <rect x="560" y="610" width="420" height="120" rx="50" fill="${accent}" opacity="0.85"/>
    <circle cx="580" cy="860" r="70" fill="#111315"/><circle cx="1020" cy="860" r="70" fill="#111315"/>
  </svg>`;
}

/** Renders and stores `count` pictures; their URLs and stored sizes. */
export async function storePictures(media: Media, count = 6): Promise<StoredPicture[]> {
  const uploads = await Promise.all(Array.from({ length: count }, (_, i) => sharp(Buffer.from(pictureSvg(i))).jpeg({ quality: 85 }).toBuffer()));
  const batch = await media.storeAll(uploads, 'post');
  return batch.images.map((image) => ({ url: image.url, width: image.width, height: image.height }));
}
