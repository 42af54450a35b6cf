// Source maps: which packages the first-load JavaScript is made of.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir, repoRoot } from './options.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Per generated line, the segments' [generated column, source index] (source -1: unmapped). */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) source += fields[1]!;
      segments.push([column, fields.length >= 4 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** node_modules/<package> (scoped too), or the workspace folder (packages/ui, apps/web, …). */
function owner(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const absolute = path.resolve(distDir, 'assets', source);
  const relative = path.relative(repoRoot, absolute).split(path.sep);
  return relative.length >= 2 ? `${relative[0]}/${relative[1]} (own code)` : relative.join('/');
}

/** A source module by its path: from node_modules/ on for a library, else from the repository. */
function sourceModule(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) return source.slice(at);
  return path.relative(repoRoot, path.resolve(distDir, 'assets', source)).split(path.sep).join('/');
}

/**
 * The code of `files` per package (or per source module, `by: 'module'`): the generated text of
 * each, and that text gzipped alone.
 */
export function composition(files: Iterable<string>, by: 'package' | 'module' = 'package'): Array<{ owner: string; raw: number; gzip: number }> {
  const name = by === 'module' ? sourceModule : owner;
  const text = new Map<string, string[]>();
  for (const file of files) {
    const mapFile = path.join(distDir, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const code = readFileSync(path.join(distDir, file), 'utf8').split('\n');
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    decodeMappings(map.mappings).forEach((segments, line) => {
      const lineText = code[line] ?? '';
      segments.forEach(([column, source], i) => {
        const end = segments[i + 1]?.[0] ?? lineText.length;
        const who = source >= 0 ? name(map.sources[source] ?? '?') : '(bundler runtime, unmapped)';
        const parts = text.get(who) ?? [];
        parts.push(lineText.slice(column, end));
        text.set(who, parts);
      });
    });
  }
  return [...text]
    .map(([who, parts]) => {
      const joined = Buffer.from(parts.join(''));
      return { owner: who, raw: joined.length, gzip: gzipSync(joined, { level: 9 }).length };
    })
    .sort((a, b) => b.raw - a.raw);
}