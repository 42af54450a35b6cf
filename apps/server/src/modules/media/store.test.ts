import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../../../test/harness.ts';
import { FileSystemMediaStore, InvalidMediaKeyError } from './store.ts';

const KEY = 'posts/0123456789abcdef0123456789abcdef-full.webp';

async function read(store: FileSystemMediaStore, key: string): Promise<string | null> {
  const file = await store.get(key);
  return file ? text(file.body) : null;
}

/** Every file under `dir`, dot files included. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('FileSystemMediaStore', () => {
  const tmp = useTempDir('pitlane-media-store-');
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('stores, serves with the type of the key, names a /media URL and deletes', async () => {
    const store = new FileSystemMediaStore(tmp.path);
    await store.put(KEY, Buffer.from('webp bytes'), 'image/webp');
    const file = await store.get(KEY);
    expect(file).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(await text(file!.body)).toBe('webp bytes');
    expect(fs.readFileSync(path.join(tmp.path, KEY), 'utf8')).toBe('webp bytes');
    expect(store.url(KEY)).toBe(`/media/${KEY}`);
    expect(store.keyOf(`/media/${KEY}`)).toBe(KEY);

    await store.delete(KEY);
    expect(await store.get(KEY)).toBeNull();
    // Deleting again is not an error.
    await store.delete(KEY);
  });

  it('writes atomically: a write that fails leaves the old file whole and no temporary file behind', async () => {
    const store = new FileSystemMediaStore(tmp.path);
    await store.put(KEY, Buffer.from('first version'), 'image/webp');
    // The last step of a write fails (as a crash or a full disk would interrupt it).
    vi.spyOn(fs.promises, 'rename').mockRejectedValueOnce(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    await expect(store.put(KEY, Buffer.alloc(1 << 20, 'x'), 'image/webp')).rejects.toThrow('disk full');
    expect(await read(store, KEY)).toBe('first version');
    expect(filesUnder(tmp.path)).toEqual([path.basename(KEY)]);

    const other = 'avatars/ffffffffffffffffffffffffffffffff-large.webp';
    vi.spyOn(fs.promises, 'rename').mockRejectedValueOnce(new Error('crash'));
    await expect(store.put(other, Buffer.from('new'), 'image/webp')).rejects.toThrow('crash');
    expect(await store.get(other)).toBeNull();
    expect(filesUnder(tmp.path)).toEqual([path.basename(KEY)]);
  });

  it('deletes the temporary file a process killed while writing left under the key, and still writes the key', async () => {
    const store = new FileSystemMediaStore(tmp.path);
    const leftover = path.join(tmp.path, path.dirname(KEY), `.${path.basename(KEY)}.tmp`);
    fs.mkdirSync(path.dirname(leftover), { recursive: true });
    fs.writeFileSync(leftover, 'half a pict');
    // Its own temporary name is taken: the write goes through another one.
    await store.put(KEY, Buffer.from('whole picture'), 'image/webp');
    expect(await read(store, KEY)).toBe('whole picture');
    await store.delete(KEY);
    expect(filesUnder(tmp.path)).toEqual([]);
  });

  it('refuses keys that are not media keys, and never reads outside its root', async () => {
    const root = path.join(tmp.path, 'media');
    fs.writeFileSync(path.join(tmp.path, 'secret.webp'), 'secret');
    const store = new FileSystemMediaStore(root);
    for (const key of ['../secret.webp', 'posts/../../secret.webp', '/etc/passwd', 'posts/a/../../../secret.webp', 'posts\\..\\..\\secret.webp', '', 'posts/', 'posts/x.webp.tmp', '.posts/x.webp', 'other/abc.webp', 'posts/ABC.webp']) {
      expect(await store.get(key), key).toBeNull();
      await expect(store.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(InvalidMediaKeyError);
      await expect(store.delete(key), key).rejects.toThrow(InvalidMediaKeyError);
      expect(store.keyOf(`/media/${key}`), key).toBeNull();
    }
    expect(fs.readFileSync(path.join(tmp.path, 'secret.webp'), 'utf8')).toBe('secret');
    expect(fs.existsSync(root)).toBe(false);
  });

  it('refuses a content type that does not match the key', async () => {
    const store = new FileSystemMediaStore(tmp.path);
    await expect(store.put(KEY, Buffer.from('<html>'), 'text/html')).rejects.toThrow(/content type/);
    expect(await store.get(KEY)).toBeNull();
  });

  it('answers null for a missing file and for a directory under a key-like name', async () => {
    const store = new FileSystemMediaStore(tmp.path);
    expect(await store.get(KEY)).toBeNull();
    fs.mkdirSync(path.join(tmp.path, KEY), { recursive: true });
    expect(await store.get(KEY)).toBeNull();
  });
});
