import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../../test/harness.ts';
import { DEFAULT_ARTWORK_KEYS } from './artwork.ts';
import { NOT_AN_IMAGE_MESSAGE } from './limits.ts';
import { Media } from './media.ts';
import { FileSystemMediaStore } from './store.ts';
import { phoneJpeg, png } from '../../../test/images.ts';
import { storedFiles } from '../../../test/posts.ts';

/** A store whose put fails from the `failAt`-th call on (1-based). */
class FailingStore extends FileSystemMediaStore {
  puts = 0;
  private readonly failAt: number;
  constructor(root: string, failAt: number) {
    super(root);
    this.failAt = failAt;
  }
  override async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    this.puts++;
    if (this.puts >= this.failAt) throw new Error('storage unavailable');
    return super.put(key, bytes, contentType);
  }
}

describe('Media', () => {
  const tmp = useTempDir('pitlane-media-');

  it('stores every size of every upload under random keys and returns URLs with dimensions', async () => {
    const media = new Media(new FileSystemMediaStore(tmp.path));
    const batch = await media.storeAll([await phoneJpeg(600, 400), { bytes: await png(300, 200) }], 'post');
    expect(batch.images).toHaveLength(2);
    const [first, second] = batch.images;
    expect(first).toMatchObject({ kind: 'post', width: 400, height: 600 });
    expect(first!.url).toMatch(/^\/media\/posts\/[0-9a-f]{32}-full\.webp$/);
    expect(first!.variants.thumb!.url).toBe(first!.url.replace('-full.webp', '-thumb.webp'));
    expect(first!.variants.card!.url).toBe(first!.url.replace('-full.webp', '-card.webp'));
    expect(second).toMatchObject({ width: 300, height: 200 });
    expect(second!.url).not.toBe(first!.url);

    expect(storedFiles(tmp.path)).toEqual(
      [first!, second!].flatMap((image) => [image.variants.full!.key, image.variants.card!.key, image.variants.thumb!.key]).sort(),
    );
    const full = fs.readFileSync(path.join(tmp.path, first!.variants.full!.key));
    expect(await sharp(full).metadata()).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(first!.variants.full!.size).toBe(full.length);
  });

  it('stores nothing when any upload of the request is refused', async () => {
    const media = new Media(new FileSystemMediaStore(tmp.path));
    const uploads = [await png(100, 100), Buffer.from('not a picture'), await png(50, 50)];
    await expect(media.storeAll(uploads, 'post')).rejects.toMatchObject({ statusCode: 400, message: NOT_AN_IMAGE_MESSAGE });
    expect(storedFiles(tmp.path)).toEqual([]);
  });

  it('removes what it stored when storing fails halfway', async () => {
    const store = new FailingStore(tmp.path, 3);
    const media = new Media(store);
    await expect(media.storeAll([await png(100, 100), await png(80, 80)], 'post')).rejects.toThrow('storage unavailable');
    expect(store.puts).toBe(3);
    expect(storedFiles(tmp.path)).toEqual([]);
  });

  it('discard() deletes every file of the batch, e.g. after the database insert failed', async () => {
    const media = new Media(new FileSystemMediaStore(tmp.path));
    const kept = await media.storeImage(await png(120, 120), 'avatar');
    const batch = await media.storeAll([await png(100, 100), await png(64, 64)], 'post');
    expect(storedFiles(tmp.path)).toHaveLength(8);

    const insertPost = async () => {
      throw new Error('insert failed');
    };
    await expect(
      (async () => {
        try {
          await insertPost();
        } catch (error) {
          await batch.discard();
          throw error;
        }
      })(),
    ).rejects.toThrow('insert failed');
    // Only the other request's avatar is left.
    expect(storedFiles(tmp.path)).toEqual([kept.image.variants.large!.key, kept.image.variants.small!.key].sort());
  });

  it('deleteImages removes every size of replaced images and leaves artwork and foreign URLs alone', async () => {
    const media = new Media(new FileSystemMediaStore(tmp.path));
    await media.ensureDefaultArtwork();
    const old = await media.storeImage(await png(400, 300), 'cover');
    const current = await media.storeImage(await png(400, 300), 'cover');
    expect(storedFiles(tmp.path)).toHaveLength(7);

    await media.deleteImages([old.image.url, media.defaultUrls.communityCover, 'https://elsewhere.example/a.webp', '/media/../secret', '', null, undefined]);
    expect(storedFiles(tmp.path)).toEqual(
      [...Object.values(DEFAULT_ARTWORK_KEYS), current.image.variants.wide!.key, current.image.variants.thumb!.key].sort(),
    );
  });

  it('renders our artwork: a 1500×500 community cover with its thumbnail and a 1600×1200 auth background', async () => {
    const media = new Media(new FileSystemMediaStore(tmp.path));
    await Promise.all([media.ensureDefaultArtwork(), media.ensureDefaultArtwork()]);
    expect(storedFiles(tmp.path)).toEqual(Object.values(DEFAULT_ARTWORK_KEYS).sort());
    const size = async (key: string) => {
      const { width, height, format } = await sharp(fs.readFileSync(path.join(tmp.path, key))).metadata();
      return { width, height, format };
    };
    expect(await size(DEFAULT_ARTWORK_KEYS.communityCover)).toEqual({ width: 1500, height: 500, format: 'webp' });
    expect(await size(DEFAULT_ARTWORK_KEYS.communityCoverThumb)).toEqual({ width: 480, height: 160, format: 'webp' });
    expect(await size(DEFAULT_ARTWORK_KEYS.authBackground)).toEqual({ width: 1600, height: 1200, format: 'webp' });
    expect(media.defaultUrls).toEqual({
      communityCover: '/media/defaults/community-cover-v1-wide.webp',
      communityCoverThumb: '/media/defaults/community-cover-v1-thumb.webp',
      authBackground: '/media/defaults/auth-background-v1.webp',
    });
  });
});
