// node apps/server/scripts/seed/art/preview.ts [sheet.png]   (from the repository root)
//
// A contact sheet of the demo artwork: every scene kind with cars of the medium seed, and a row
// of avatars, rendered exactly as the seed renders them. Look at it after changing a drawing.
import sharp from 'sharp';
import { planSeed } from '../plan.ts';
import { createRandom } from '../random.ts';
import { renderAvatar } from './avatar.ts';
import { renderScene, type SceneKind } from './scene.ts';

const KINDS: readonly SceneKind[] = ['track', 'touge', 'coast', 'rally', 'snow', 'meet', 'garage', 'night', 'charging', 'gauge', 'wheel', 'tail'];
const TILE = { width: 400, height: 300 };
const COLUMNS = 4;

const out = process.argv[2] ?? '/tmp/pitlane-demo-artwork.png';
const plan = planSeed('medium', new Date());
const people = plan.people.slice(1, 1 + KINDS.length);

const scenes = await Promise.all(
  KINDS.map(async (kind, i) => {
    const person = people[i % people.length]!;
    const picture = await renderScene({ kind, width: 1200, height: 900, car: person.look, time: (['golden', 'day', 'dusk', 'overcast', 'dawn'] as const)[i % 5]!, seed: 1000 + i, others: people.slice(0, 3).map((p) => p.look) });
    return sharp(picture).resize(TILE.width, TILE.height).toBuffer();
  }),
);
const avatars = await Promise.all(
  plan.people.slice(0, 8).map(async (person) => sharp(await renderAvatar(person.avatar, createRandom(person.avatar.seed))).resize(200, 200).toBuffer()),
);
const rows = Math.ceil(KINDS.length / COLUMNS);
await sharp({ create: { width: TILE.width * COLUMNS, height: TILE.height * rows + 200, channels: 3, background: '#ffffff' } })
  .composite([
    ...scenes.map((input, i) => ({ input, left: (i % COLUMNS) * TILE.width, top: Math.floor(i / COLUMNS) * TILE.height })),
    ...avatars.map((input, i) => ({ input, left: i * 200, top: TILE.height * rows })),
  ])
  .png()
  .toFile(out);
console.log(`Wrote ${out}`);
