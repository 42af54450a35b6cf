// S3MediaStore against a real S3-protocol server on loopback (test/s3-server.ts): what it stores,
// serves, names and deletes, and how it fails when the server is gone.
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { useS3Server } from '../../../test/s3-server.ts';
import { S3MediaStore } from './s3-store.ts';
import { InvalidMediaKeyError, MediaStoreUnavailableError } from './store.ts';

const KEY = 'posts/0123456789abcdef0123456789abcdef-full.webp';
const s3 = useS3Server();

/** A store with the S3 settings as the server reads them from its environment. */
function storeOf(options: { publicUrl?: boolean } = {}): S3MediaStore {
  const config = loadConfig({ NODE_ENV: 'test', ...s3.env(options) });
  return new S3MediaStore(config.s3!);
}

describe('S3MediaStore', () => {
  it('stores an object under the key with its type and a year-long immutable cache, serves and deletes it', async () => {
    const store = storeOf({ publicUrl: true });
    await store.put(KEY, Buffer.from('webp bytes'), 'image/webp');
    expect(await s3.keys()).toEqual([KEY]);

    const file = await store.get(KEY);
    expect(file).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(await text(file!.body)).toBe('webp bytes');

    // What a browser gets at the public URL: the bucket's own address here, a CDN in production.
    const url = store.url(KEY);
    expect(url).toBe(`${s3.bucketUrl}/${KEY}`);
    const loaded = await fetch(url);
    expect([loaded.status, loaded.headers.get('content-type'), loaded.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
    expect(await loaded.text()).toBe('webp bytes');

    await store.delete(KEY);
    expect(await s3.keys()).toEqual([]);
    expect(await store.get(KEY)).toBeNull();
    await store.delete(KEY); // deleting again is not an error
    store.close();
  });

  it('names /media URLs when there is no public URL, and knows the keys of both kinds of URL', async () => {
    const served = storeOf();
    expect(served.servedHere).toBe(true);
    expect(served.url(KEY)).toBe(`/media/${KEY}`);
    expect(served.keyOf(`/media/${KEY}`)).toBe(KEY);
    expect(served.keyOf(`${s3.bucketUrl}/${KEY}`)).toBeNull();

    const public_ = storeOf({ publicUrl: true });
    expect(public_.servedHere).toBe(false);
    // Rows written before the CDN was set up keep their /media URLs, and their files stay reachable.
    expect(public_.keyOf(`/media/${KEY}`)).toBe(KEY);
    expect(public_.keyOf(`${s3.bucketUrl}/${KEY}`)).toBe(KEY);
    expect(public_.keyOf(`${s3.bucketUrl}/../${KEY}`)).toBeNull();
    expect(public_.keyOf('https://elsewhere.example/posts/x.webp')).toBeNull();
    served.close();
    public_.close();
  });

  it('refuses keys that are not media keys and a type that does not match the key, storing nothing', async () => {
    const store = storeOf();
    await expect(store.put('posts/../../etc/passwd', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(InvalidMediaKeyError);
    await expect(store.put(KEY, Buffer.from('x'), 'image/png')).rejects.toThrow('does not match');
    await expect(store.delete('../secret')).rejects.toBeInstanceOf(InvalidMediaKeyError);
    expect(() => store.url('nope')).toThrow(InvalidMediaKeyError);
    expect(await store.get('posts/not-a-key.png')).toBeNull();
    expect(await s3.keys()).toEqual([]);
    store.close();
  });

  it('answers a store error (not a crash or a hang) while the S3 server is down, and works again once it is back', async () => {
    const store = storeOf();
    await s3.stop();
    try {
      await expect(store.put(KEY, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(MediaStoreUnavailableError);
      await expect(store.get(KEY)).rejects.toBeInstanceOf(MediaStoreUnavailableError);
      await expect(store.delete(KEY)).rejects.toMatchObject({ name: 'MediaStoreUnavailableError', full: false });
    } finally {
      await s3.start();
    }
    await store.put(KEY, Buffer.from('back'), 'image/webp');
    expect(await s3.keys()).toEqual([KEY]);
    store.close();
  });

  it('names the bucket that does not exist in its error', async () => {
    const config = loadConfig({ NODE_ENV: 'test', ...s3.env(), S3_BUCKET: 'no-such-bucket' });
    const store = new S3MediaStore(config.s3!);
    await expect(store.put(KEY, Buffer.from('x'), 'image/webp')).rejects.toThrow(/S3 PutObject failed: NoSuchBucket/);
    store.close();
  });
});
