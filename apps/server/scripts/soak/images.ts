// Photos for the simulated posts: real JPEG and PNG files made with sharp from seeded drawings
// (a gradient sky, a road, a few shapes), of varied sizes and formats, so the server's media
// pipeline decodes, resizes and re-encodes something like phone photos. Made once before the run
// (making them costs CPU the server should have) and drawn from at random.
import sharp from 'sharp';
import type { Random } from '../seed/random.ts';

export interface Photo {
  bytes: Uint8Array;
  name: string;
  type: string;
}

const colour = (random: Random) => `#${random.int(0, 0xffffff).toString(16).padStart(6, '0')}`;

function drawing(random: Random, width: number, height: number): string {
  const shapes = Array.from({ length: random.int(3, 9) }, () => {
    const [x, y, r] = [random.int(0, width), random.int(0, height), random.int(10, Math.max(12, width / 5))];
    return random.chance(0.5)
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour(random)}" fill-opacity="0.7"/>`
      : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" rx="${r / 4}" fill="${colour(random)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour(random)}"/><stop offset="1" stop-color="${colour(random)}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect y="${Math.round(height * 0.65)}" width="100%" height="${Math.round(height * 0.35)}" fill="#2a2e33"/>${shapes}</svg>`;
}

/** `count` photos between 320 and 1600 pixels wide, about three in four JPEG. */
export async function makePhotos(random: Random, count: number): Promise<Photo[]> {
  const photos: Photo[] = [];
  for (let i = 0; i < count; i++) {
    const width = random.int(320, 1600);
    const height = Math.round(width * random.pick([0.5625, 0.75, 1, 1.333]));
    const image = sharp(Buffer.from(drawing(random, width, height)));
    const jpeg = random.chance(0.75);
    const bytes = jpeg ? await image.jpeg({ quality: random.int(70, 92) }).toBuffer() : await image.png().toBuffer();
    photos.push({ bytes, name: `IMG_${1000 + i}.${jpeg ? 'jpg' : 'png'}`, type: jpeg ? 'image/jpeg' : 'image/png' });
  }
  return photos;
}
