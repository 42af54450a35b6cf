// Media pipeline benchmark: a 12-megapixel phone photo (4000×3000 JPEG with noise, a gradient, EXIF
// orientation 6 and GPS tags) through processImage and into the file-system store, per kind.
// Prints wall time, CPU, peak memory and the bytes of every stored size. It only prints figures;
// it never fails on timing.
//
//   npm run bench:media -w @pitlane/server [-- --runs 5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageKind } from '../src/modules/media/limits.ts';
import { Media } from '../src/modules/media/media.ts';
import { processImage } from '../src/modules/media/process.ts';
import { FileSystemMediaStore } from '../src/modules/media/store.ts';

const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Math.max(1, Number(process.argv[runsFlag + 1]) || 3) : 3;
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function twelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8102e"/><stop offset="0.5" stop-color="#5b616b"/><stop offset="1" stop-color="#111315"/></linearGradient>
      </defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  // Coarse noise scaled up: detail at every scale, as in a photo, so the small sizes are not a flat blur.
  const coarse = await sharp({ create: { width: width / 20, height: height / 20, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  const blotches = await sharp(coarse).resize(width, height, { kernel: 'cubic' }).png({ compressionLevel: 1 }).toBuffer();
  const flat = await sharp(gradient)
    .composite([
      { input: blotches, blend: 'soft-light' },
      { input: noise, blend: 'overlay' },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(flat)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PitlaneCam', Model: 'Bench 12MP' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 5/1' },
    })
    .toBuffer();
}

/** Runs `work`, sampling RSS every 5 ms; returns wall time, CPU time and the highest RSS seen. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  try {
    const result = await work();
    const wall = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    return { result, wall, cpu: (cpu.user + cpu.system) / 1000, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(`Media benchmark: Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${os.availableParallelism()} cores, sharp.concurrency() = ${sharp.concurrency()}, ${runs} runs per kind`);
const photo = await twelveMegapixelPhoto();
const meta = await sharp(photo).metadata();
console.log(`Input: ${meta.width}×${meta.height} JPEG (${(meta.width! * meta.height! / 1e6).toFixed(1)} MP), ${mb(photo.length)}, EXIF orientation ${meta.orientation}, with GPS`);
const baseline = process.memoryUsage.rss();
console.log(`RSS before processing: ${mb(baseline)} (peak while making the input: ${mb(process.resourceUsage().maxRSS * 1024)})`);
console.log('');

for (const kind of ['post', 'avatar', 'cover'] as ImageKind[]) {
  await processImage(photo, kind); // warm-up
  const walls: number[] = [];
  const cpus: number[] = [];
  let peak = 0;
  let last: Awaited<ReturnType<typeof processImage>> | null = null;
  for (let run = 0; run < runs; run++) {
    const { result, wall, cpu, peakRss } = await measure(() => processImage(photo, kind));
    walls.push(wall);
    cpus.push(cpu);
    peak = Math.max(peak, peakRss);
    last = result;
  }
  console.log(`${kind}: processImage median ${ms(median(walls))} (min ${ms(Math.min(...walls))}, max ${ms(Math.max(...walls))}), CPU median ${ms(median(cpus))}, peak RSS ${mb(peak)} (+${mb(peak - baseline)})`);
  for (const variant of last!.variants) console.log(`  ${variant.name.padEnd(6)} ${`${variant.width}×${variant.height}`.padEnd(10)} ${kb(variant.bytes.length)} WebP`);
}

// The whole upload path: check, convert and write every size to disk (temp file, fsync, rename).
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-bench-media-'));
try {
  const media = new Media(new FileSystemMediaStore(root));
  const walls: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { wall, result } = await measure(() => media.storeAll([photo], 'post'));
    walls.push(wall);
    await result.discard();
  }
  const five = await measure(() => media.storeAll([photo, photo, photo, photo, photo], 'post'));
  await five.result.discard();
  console.log('');
  console.log(`post, stored: storeAll of 1 photo median ${ms(median(walls))}; of 5 photos (a full post) ${ms(five.wall)}, peak RSS ${mb(five.peakRss)} (+${mb(five.peakRss - baseline)})`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

const usage = process.memoryUsage();
console.log(`Process peak RSS (resourceUsage maxRSS): ${mb(process.resourceUsage().maxRSS * 1024)}; now: rss ${mb(usage.rss)}, heap ${mb(usage.heapUsed)}, external ${mb(usage.external)}`);
