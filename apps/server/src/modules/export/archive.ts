// The zip of a data export, written as it is read: yazl streams each entry into the reply as the
// client takes it, JSON files come from the readers of data.ts a page at a time, and photos are
// streamed from the media store (files under DATA_DIR or the S3 bucket) one at a time, after the
// JSON that names them. Nothing holds the whole zip, a whole list or more than one photo.
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipFile } from 'yazl';
import type { User } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStore } from '../media/store.ts';
import { carsOf, commentsOf, communitiesOf, followsOf, hiddenBy, meetAnswersOf, meetsOf, postsOf, savedOf, type ExportedCommunity, type ExportedImage } from './data.ts';

/** What README.txt says: every file of the zip. */
export const README = `Your Pitlane data
=================

This archive holds what you have put into Pitlane, as JSON files (UTF-8) and your photos.
Dates are in UTC (ISO 8601). Other people appear by their username only.

profile.json             your profile: name, username, e-mail address, profile picture and settings
posts.json               your posts, newest first: title, text, dates, tags, community, car, likes,
                         comment count, and each photo's description (alt text) and file name here
comments.json            your comments, newest first, each with the post it is on
follows.json             who follows you ("followers") and whom you follow ("following")
communities.json         the communities you created (with their covers) and the ones you joined
garage.json              your cars, with their build logs and the logs' photos
saved.json               the posts you saved
blocked-and-muted.json   the people you blocked and the people you muted
meets.json               the meets you created ("created") and your answers to meets ("answers")
images/                  your photos: posts, profile picture, community covers, car covers,
                         build-log photos and meet covers, as stored (WebP), under the names the
                         JSON files give

A photo named in a JSON file but missing from images/ could not be read when the archive was made.
`;

/** One photo in the JSON files: its place in the zip (null when it is not a stored upload). */
interface ImageOut {
  file: string | null;
  alt: string;
  width: number;
  height: number;
}

/**
 * The photos the JSON names, in order, each once: `fileOf(url)` gives its name in the zip and
 * notes its key; `keys` are then streamed into images/ after the JSON.
 */
class ImageList {
  readonly keys = new Set<string>();
  readonly #store: MediaStore;
  constructor(store: MediaStore) {
    this.#store = store;
  }

  /** `images/<key>` for a stored upload; null for no picture, our artwork or a foreign URL. */
  fileOf(url: string | null): string | null {
    const key = url ? this.#store.keyOf(url) : null;
    if (!key || key.startsWith('defaults/')) return null;
    this.keys.add(key);
    return `images/${key}`;
  }

  image(image: ExportedImage): ImageOut {
    return { file: this.fileOf(image.url), alt: image.alt, width: image.width, height: image.height };
  }
}

const indent = (text: string, by: string) => text.replaceAll('\n', `\n${by}`);

/** A JSON array, one item after another as `items` yields them (pretty-printed). */
async function* jsonArray<T>(items: AsyncIterable<T>, map: (item: T) => unknown, by = ''): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? '[' : ','}\n${by}  ${indent(JSON.stringify(map(item), null, 2), `${by}  `)}`;
    first = false;
  }
  yield first ? '[]' : `\n${by}]`;
}

/** A JSON object whose fields are arrays, each streamed in turn. */
async function* jsonObjectOfArrays(fields: Record<string, AsyncGenerator<string>>): AsyncGenerator<string> {
  const names = Object.keys(fields);
  yield '{';
  for (const [index, name] of names.entries()) {
    yield `\n  ${JSON.stringify(name)}: `;
    yield* fields[name]!;
    if (index < names.length - 1) yield ',';
  }
  yield '\n}\n';
}

async function* withNewline(parts: AsyncGenerator<string>): AsyncGenerator<string> {
  yield* parts;
  yield '\n';
}

const same = <T>(item: T) => item;
const communityFields = ({ id, name, description, createdAt }: ExportedCommunity) => ({ id, name, description, createdAt });

/** Every JSON file of the export, in the order of the zip, as streams of text. */
function jsonFiles(db: Db, person: User, images: ImageList): Array<[string, () => AsyncGenerator<string>]> {
  const id = person.id;
  return [
    [
      'profile.json',
      async function* () {
        const profile = {
          id,
          username: person.username,
          fullName: person.fullName,
          email: person.email,
          profilePicture: images.fileOf(person.profilePictureUrl),
          settings: { requirePhotoDescriptions: person.requirePhotoDescriptions },
          siteOperator: person.operator,
          joinedAt: person.createdAt.toISOString(),
        };
        yield `${JSON.stringify(profile, null, 2)}\n`;
      },
    ],
    ['posts.json', () => withNewline(jsonArray(postsOf(db, id), (post) => ({ ...post, images: post.images.map((image) => images.image(image)) })))],
    ['comments.json', () => withNewline(jsonArray(commentsOf(db, id), same))],
    ['follows.json', () => jsonObjectOfArrays({ followers: jsonArray(followsOf(db, id, 'followers'), same, '  '), following: jsonArray(followsOf(db, id, 'following'), same, '  ') })],
    [
      'communities.json',
      () =>
        jsonObjectOfArrays({
          created: jsonArray(communitiesOf(db, id, 'created'), (c) => ({ ...communityFields(c), cover: c.coverUrl ? { file: images.fileOf(c.coverUrl), alt: c.coverAlt } : null })),
          joined: jsonArray(communitiesOf(db, id, 'joined'), (c) => ({ ...communityFields(c), joinedAt: c.joinedAt })),
        }),
    ],
    [
      'garage.json',
      () =>
        withNewline(
          jsonArray(carsOf(db, id), ({ coverUrl, coverAlt, buildLog, ...car }) => ({
            ...car,
            cover: coverUrl ? { file: images.fileOf(coverUrl), alt: coverAlt } : null,
            buildLog: buildLog.map(({ photos, ...entry }) => ({ ...entry, photos: photos.map((photo) => images.image(photo)) })),
          })),
        ),
    ],
    ['saved.json', () => withNewline(jsonArray(savedOf(db, id), same))],
    ['blocked-and-muted.json', () => jsonObjectOfArrays({ blocked: jsonArray(hiddenBy(db, id, 'blocked'), same, '  '), muted: jsonArray(hiddenBy(db, id, 'muted'), same, '  ') })],
    [
      'meets.json',
      () =>
        jsonObjectOfArrays({
          created: jsonArray(meetsOf(db, id), ({ coverUrl, coverAlt, ...meet }) => ({ ...meet, cover: coverUrl ? { file: images.fileOf(coverUrl), alt: coverAlt } : null }), '  '),
          answers: jsonArray(meetAnswersOf(db, id), same, '  '),
        }),
    ],
  ];
}

/**
 * The text in pieces of about 64 KB: yazl deflates every chunk it is given in a call of its own
 * (a round trip to libuv's thread pool), so one chunk per item of ~150 bytes would make hundreds
 * of thousands of them for a long list instead of a few dozen.
 */
async function* inPiecesOf64k(parts: AsyncGenerator<string>): AsyncGenerator<string> {
  let piece = '';
  for await (const part of parts) {
    piece += part;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/** Waits until `stream` has been read whole; destroys it (and rejects) when `signal` aborts. */
async function readWhole(stream: Readable, signal: AbortSignal): Promise<void> {
  const stop = () => stream.destroy();
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await finished(stream);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/**
 * Writes the person's export into `zip` and ends it. Each entry is added once the one before has
 * been read whole, so one query or one photo is open at a time and the client's pace sets the
 * pace. Rejects (the caller cuts the reply) if the database or the store fails on the way, and
 * when `signal` aborts (the client went away): the open photo or query page is let go at once.
 */
export async function writeExport(zip: ZipFile, options: { db: Db; store: MediaStore; person: User; now: Date; signal: AbortSignal }): Promise<void> {
  const { db, store, person, now, signal } = options;
  const images = new ImageList(store);
  zip.addBuffer(Buffer.from(README), 'README.txt', { mtime: now });
  for (const [name, text] of jsonFiles(db, person, images)) {
    const stream = Readable.from(inPiecesOf64k(text()));
    zip.addReadStream(stream, name, { mtime: now });
    await readWhole(stream, signal);
  }
  for (const key of images.keys) {
    const file = await store.get(key);
    if (!file) continue;
    // WebP is compressed already: stored as it is, no CPU spent deflating it again.
    zip.addReadStream(file.body, `images/${key}`, { mtime: now, compress: false, size: file.size });
    await readWhole(file.body, signal);
  }
  zip.end();
}
