// Hostile uploads benchmark: the real server process (src/main.ts, embedded database) under many
// uploads at once, sampling its resident memory (VmRSS) every 10 ms. Prints, per scenario, the
// answers by status, the wall time and the server's peak RSS over its idle RSS; once with the
// upload memory bound (UPLOAD_MEMORY_MB, default 256) and once with it out of the way (100000).
// It only prints figures; it never fails on them.
//
//   node apps/server/scripts/bench-hostile-uploads.ts [--concurrent 20]
//
// Scenarios: `max-size`: posts of 5 files of 15 MB each (bytes that are no picture: the memory is
// in holding them, refused only after all arrived); `bombs`: posts of a PNG declaring
// 100000×100000, a JPEG declaring 65000×65000 and a 500-frame GIF; `photos`: posts of one real
// 12-megapixel photo, decoded and stored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../src/modules/media/limits.ts';
import { jpegDeclaring, manyFrames, multipartBody, pngDeclaring, type Part } from '../test/hostile-uploads-corpus.ts';
import { httpPerson } from '../test/http-people.ts';
import { listeningUrl, spawnServer, type Server } from '../test/server-spawn.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Math.max(1, Number(process.argv[at + 1]) || fallback) : fallback;
};
const concurrent = flag('concurrent', 20);
const MB = 1024 * 1024;

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

const FIELDS: Part[] = [
  { name: 'title', value: 'Hostile' },
  { name: 'content', value: 'Measuring.' },
];

async function scenarios(): Promise<Array<{ name: string; body: ReturnType<typeof multipartBody> }>> {
  const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_IMAGE_BYTES - 3, 7)]);
  const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return [
    { name: 'max-size', body: multipartBody([...FIELDS, ...Array.from({ length: 5 }, (_, i) => ({ name: 'images', filename: `${i}.jpg`, bytes: junk }))]) },
    {
      name: 'bombs',
      body: multipartBody([
        ...FIELDS,
        { name: 'images', filename: 'a.png', bytes: pngDeclaring(100_000, 100_000) },
        { name: 'images', filename: 'b.jpg', bytes: await jpegDeclaring(65_000, 65_000) },
        { name: 'images', filename: 'c.gif', bytes: await manyFrames('gif', 500, 256) },
      ]),
    },
    { name: 'photos', body: multipartBody([...FIELDS, { name: 'images', filename: 'photo.jpg', bytes: noise }]) },
  ];
}

async function run(memoryMb: number, sink: Awaited<ReturnType<typeof startSmtpSink>>, bodies: Awaited<ReturnType<typeof scenarios>>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-bench-uploads-'));
  let server: Server | null = null;
  try {
    server = spawnServer({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
      UPLOAD_MEMORY_MB: String(memoryMb),
    });
    const url = await listeningUrl(server);
    const pid = server.child.pid!;
    const someone = await httpPerson(url, sink, memoryMb === 256 ? 'bounded' : 'unbounded');
    console.log(`\nUPLOAD_MEMORY_MB=${memoryMb}, ${concurrent} uploads at once`);
    console.log('scenario   body/request  answers                 wall     idle RSS  peak RSS  peak − idle');
    for (const { name, body } of bodies) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idle = rssOf(pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
      // One view of the body for every request (fetch wants a Uint8Array, not a Buffer).
      const bytes = new Uint8Array(body.payload.buffer as ArrayBuffer, body.payload.byteOffset, body.payload.length);
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: concurrent }, () =>
          fetch(new URL('/api/posts/create', url), { method: 'POST', headers: { cookie: someone.cookie, ...body.headers }, body: bytes })
            .then(async (response) => {
              await response.arrayBuffer();
              return String(response.status);
            })
            .catch((error: unknown) => `failed (${(error as Error).message})`),
        ),
      );
      const wall = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid));
      const counts = Object.entries(statuses.reduce<Record<string, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {}))
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ');
      console.log(
        `${name.padEnd(10)} ${`${(body.payload.length / MB).toFixed(1)} MB`.padStart(12)}  ${counts.padEnd(22)}  ${`${(wall / 1000).toFixed(1)} s`.padStart(6)}  ${`${(idle / MB).toFixed(0)} MB`.padStart(8)}  ${`${(peak / MB).toFixed(0)} MB`.padStart(8)}  ${`${((peak - idle) / MB).toFixed(0)} MB`.padStart(11)}`,
      );
    }
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sink = await startSmtpSink();
try {
  const bodies = await scenarios();
  await run(256, sink, bodies);
  await run(100_000, sink, bodies);
} finally {
  await sink.close();
}
