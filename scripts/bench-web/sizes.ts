// Sizes of the build's files: raw bytes as served, gzip (level 9) and brotli (quality 11) by node:zlib.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { distDir } from './options.ts';

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Size>();
export function sizeOf(file: string): Size {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(distDir, file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
    };
    sizeCache.set(file, size);
  }
  return size;
}

export function total(files: Iterable<string>): Size & { count: number } {
  const sum = { raw: 0, gzip: 0, brotli: 0, count: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    sum.raw += size.raw;
    sum.gzip += size.gzip;
    sum.brotli += size.brotli;
    sum.count++;
  }
  return sum;
}