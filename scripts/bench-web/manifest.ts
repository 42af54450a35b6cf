// Vite's manifest (dist/.vite/manifest.json): which files a page needs before it can draw.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { manifestPath, pageModulesPath, repoRoot } from './options.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A chunk's file, the files of its static imports (transitively) and their CSS. */
export function staticClosure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    else if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return { js, css };
}

export function readManifest(): Manifest {
  if (!existsSync(manifestPath)) {
    throw new Error(`${path.relative(repoRoot, manifestPath)} is missing: apps/web/vite.config.ts must set build.manifest.`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

/**
 * The chunks holding what each page pattern renders first (apps/web/src/app/page-modules.ts), by
 * their manifest keys, as the web build records them beside the manifest (a source path for a
 * module that is its own chunk, the group's file for one bundled into a chunk group). A key the
 * manifest lacks (a synthetic test's module in the entry) counts as part of the entry.
 */
export function readPageModules(): Record<string, readonly string[]> {
  if (!existsSync(pageModulesPath)) {
    throw new Error(`${path.relative(repoRoot, pageModulesPath)} is missing: apps/web/vite.config.ts must record the page modules.`);
  }
  return JSON.parse(readFileSync(pageModulesPath, 'utf8')) as Record<string, readonly string[]>;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('The manifest has no entry chunk.');
  return key;
}

export interface PageFiles {
  js: Set<string>;
  css: Set<string>;
  /** Route modules of PAGES that are not chunks of their own (bundled into the entry). */
  inEntry: string[];
}

export function pageFiles(manifest: Manifest, modules: readonly string[]): PageFiles {
  const own = modules.filter((m) => manifest[m]);
  const { js, css } = staticClosure(manifest, [entryKey(manifest), ...own]);
  return { js, css, inEntry: modules.filter((m) => !manifest[m]) };
}