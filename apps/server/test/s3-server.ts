// A real S3-protocol server on loopback for the tests: s3rver (npm), the S3 REST API (path-style
// and virtual-host buckets, SigV4 requests from @aws-sdk/client-s3, GET/PUT/DELETE/HEAD/List) over
// a folder. Chosen over MinIO, LocalStack or Ceph's RADOS Gateway because it installs from the
// npm registry with the rest of the project (none of those is in Debian's archive, and the
// machines reach no other download site), starts in ~50 ms inside the test process, and needs
// no container. It does not check signatures' secrets, so the credentials tests live elsewhere;
// what it proves is that the store speaks the protocol: real HTTP, real XML, real error codes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Environment } from '../src/config.ts';

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  readonly bucket: string;
  /** The S3_* settings of the server under test; `publicUrl: true` adds S3_PUBLIC_URL (the bucket's own address). */
  env(options?: { publicUrl?: boolean }): Environment;
  /** The bucket's address, where browsers would load objects from: `${endpoint}/${bucket}`. */
  readonly bucketUrl: string;
  /** Every key in the bucket, sorted, read through the S3 API. */
  keys(): Promise<string[]>;
  /** Stops answering (the port closes), as an S3 outage; `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * One s3rver for the file (or block) that calls it, with one bucket emptied before every test.
 */
export function useS3Server(bucket = 'pitlane-media'): S3TestServer {
  let server: S3rver | null = null;
  let directory = '';
  let port = 0;
  let client: S3Client | null = null;

  async function start(): Promise<void> {
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    const address = await server.run();
    port = address.port;
  }
  async function stop(): Promise<void> {
    await server?.close();
    server = null;
  }
  const s3 = () => {
    client ??= new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
    return client;
  };
  async function keys(): Promise<string[]> {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).map((object) => object.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return found.sort();
  }

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-s3-'));
    await start();
  });
  beforeEach(async () => {
    if (!server) await start();
    // s3rver lists from its folder: an object a closing app was still writing may be half there
    // for a moment (its metadata not yet beside it). Try again shortly rather than fail the test.
    for (let attempt = 1; ; attempt++) {
      try {
        const existing = await keys();
        if (existing.length > 0) await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: existing.map((Key) => ({ Key })) } }));
        return;
      } catch (error) {
        if (attempt === 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
  afterAll(async () => {
    client?.destroy();
    await stop();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    bucket,
    get bucketUrl() {
      return `http://127.0.0.1:${port}/${bucket}`;
    },
    env(options = {}) {
      return {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        ...(options.publicUrl ? { S3_PUBLIC_URL: `http://127.0.0.1:${port}/${bucket}` } : {}),
      };
    },
    keys,
    stop,
    start,
  };
}
