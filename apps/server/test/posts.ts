// Helpers for the posts, comments, search and notifications tests: real multipart bodies with
// real image files (generated with sharp), people through the public API, and communities
// written straight into the database (their routes belong to the communities issue).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { Post } from '@pitlane/api/contract';
import type { Db } from '../src/db/client.ts';
import { communities, communityMembers } from '../src/db/schema.ts';
import type { App } from '../src/app.ts';
import { person, type Browser, type Person, type SmtpSink } from './browser.ts';

export interface ImageFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** A small real photo in the given format. */
export async function image(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 64, height = 48, background = '#c8102e'): Promise<ImageFile> {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })[format]().toBuffer();
  return { bytes, name: `photo.${format === 'jpeg' ? 'jpg' : format}`, type: `image/${format}` };
}

/** A multipart body with text fields and any number of `images` parts, as a browser sends it. */
export async function form(fields: Record<string, string>, images: readonly ImageFile[] = [], fileField = 'images') {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of images) data.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(data);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** People registered and signed in through the public API, in order. */
export async function peopleOf<const N extends readonly string[]>(app: App, sink: SmtpSink, ...handles: N): Promise<{ [K in keyof N]: Person }> {
  const out: Person[] = [];
  for (const handle of handles) out.push(await person(app, sink, handle, `${handle[0]!.toUpperCase()}${handle.slice(1)} Driver`));
  return out as { [K in keyof N]: Person };
}

/** POST /api/posts/create. `imageAlts` as it travels: a JSON array in one text part; `car`: the car it is tagged to. */
export async function createPost(
  b: Browser,
  fields: { title?: string; content?: string; community?: string; imageAlts?: string; car?: string } = {},
  images?: readonly ImageFile[],
): Promise<LightMyRequestResponse> {
  const files = images ?? [await image()];
  return b.request('POST', '/api/posts/create', await form({ title: 'Sunday drive', content: 'Coffee and air-cooled 911s.', ...fields }, files));
}

/** Creates a post and returns it (fails the test on a refusal). */
export async function newPost(b: Browser, fields: { title?: string; content?: string; community?: string; car?: string } = {}, images?: readonly ImageFile[]): Promise<Post> {
  const response = await createPost(b, fields, images);
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  return response.json<Post>();
}

/** A community written into the database: the creator and `members` belong to it. */
export async function communityOf(db: Db, creator: { id: string }, name: string, members: ReadonlyArray<{ id: string }> = []): Promise<string> {
  const [row] = await db.insert(communities).values({ name, description: `${name} description`, creatorId: creator.id }).returning({ id: communities.id });
  await db.insert(communityMembers).values([creator, ...members].map((m) => ({ communityId: row!.id, userId: m.id })));
  return row!.id;
}

/** Every file under `root`, relative, sorted. */
export function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The media path of a served URL (`/media/posts/…-full.webp` → `posts/…-full.webp`). */
export const mediaKey = (url: string) => url.replace(/^\/media\//, '');
