// Renders every picture of a plan and stores it through the product's own media pipeline
// (`app.media.storeAll`: checked, re-encoded as WebP in the stored sizes, saved under random keys),
// exactly as an upload would be. Nothing is downloaded.
import os from 'node:os';
import type { App } from '../../src/app.ts';
import type { MediaBatch } from '../../src/modules/media/media.ts';
import { renderAvatar } from './art/avatar.ts';
import { renderScene } from './art/scene.ts';
import type { SeedPlan } from './plan.ts';
import { createRandom } from './random.ts';

export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

export interface StoredPictures {
  /** By person index. */
  avatars: string[];
  /** By community index. */
  covers: string[];
  /** By post index, in order. */
  posts: StoredPicture[][];
  /** Garage car covers, by car index of the garage plan. */
  carCovers: string[];
  /** Build-log photos, by log entry index, in order. */
  logs: StoredPicture[][];
  /** Meet covers (issue 21), by meet index; null for a meet without one. */
  meetCovers: Array<string | null>;
  /** Pictures stored (each in all its sizes). */
  count: number;
  /** Deletes every stored file (when the database step fails afterwards). */
  discard(): Promise<void>;
}

interface Job {
  pictures: number;
  run(): Promise<MediaBatch>;
}

/**
 * Runs the jobs a few at a time. The pipeline encodes one picture per core; while it does, other
 * jobs render their SVGs and wait for their files to reach the disk (the store fsyncs each
 * file), so a pool of about three jobs per core keeps every core busy without piling up memory.
 */
async function runPool(jobs: readonly Job[], width: number, onDone: (job: Job, batch: MediaBatch) => void): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < jobs.length) {
      const job = jobs[next++]!;
      try {
        onDone(job, await job.run());
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  if (failure !== null) throw failure;
}

export async function storePictures(app: App, plan: SeedPlan, onProgress: (done: number, total: number) => void = () => {}): Promise<StoredPictures> {
  const avatars: string[] = [];
  const covers: string[] = [];
  const posts: StoredPicture[][] = [];
  const carCovers: string[] = [];
  const logs: StoredPicture[][] = [];
  const meetCovers: Array<string | null> = plan.meets.map(() => null);
  const batches: MediaBatch[] = [];
  const jobs: Array<Job & { store(batch: MediaBatch): void }> = [
    ...plan.people.map((person) => ({
      pictures: 1,
      run: async () => app.media.storeAll([await renderAvatar(person.avatar, createRandom(person.avatar.seed))], 'avatar'),
      store: (batch: MediaBatch) => (avatars[person.index] = batch.images[0]!.url),
    })),
    ...plan.communities.map((community) => ({
      pictures: 1,
      run: async () => app.media.storeAll([await renderScene(community.cover)], 'cover'),
      store: (batch: MediaBatch) => (covers[community.index] = batch.images[0]!.url),
    })),
    ...plan.posts.map((post) => ({
      pictures: post.images.length,
      run: async () => app.media.storeAll(await Promise.all(post.images.map(renderScene)), 'post'),
      store: (batch: MediaBatch) => (posts[post.index] = batch.images.map(({ url, width, height }) => ({ url, width, height }))),
    })),
    // The garage: covers like a community's, build-log photos like a post's.
    ...plan.garages.cars.map((car) => ({
      pictures: 1,
      run: async () => app.media.storeAll([await renderScene(car.cover)], 'cover'),
      store: (batch: MediaBatch) => (carCovers[car.index] = batch.images[0]!.url),
    })),
    ...plan.garages.logs
      .filter((entry) => entry.images.length > 0)
      .map((entry) => ({
        pictures: entry.images.length,
        run: async () => app.media.storeAll(await Promise.all(entry.images.map(renderScene)), 'post'),
        store: (batch: MediaBatch) => (logs[entry.index] = batch.images.map(({ url, width, height }) => ({ url, width, height }))),
      })),
    // Meet covers, like a community's.
    ...plan.meets.flatMap((meet) =>
      meet.cover === null
        ? []
        : [{ pictures: 1, run: async () => app.media.storeAll([await renderScene(meet.cover!)], 'cover'), store: (batch: MediaBatch) => (meetCovers[meet.index] = batch.images[0]!.url) }],
    ),
  ];
  const total = jobs.reduce((sum, job) => sum + job.pictures, 0);
  let done = 0;
  const discard = async () => {
    await Promise.all(batches.map((batch) => batch.discard()));
  };
  try {
    await runPool(jobs, 3 * os.availableParallelism(), (job, batch) => {
      batches.push(batch);
      (job as (typeof jobs)[number]).store(batch);
      done += job.pictures;
      onProgress(done, total);
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return { avatars, covers, posts, carCovers, logs, meetCovers, count: total, discard };
}
