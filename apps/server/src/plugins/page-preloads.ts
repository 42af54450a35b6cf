// What a signed-in page load waits on before its first screen, named in a `Link` header on the
// index.html answer so the browser fetches it beside the entry scripts instead of after them:
//
// - the page's code: the lazy chunks the app loads at start-up for that page, which the web build
//   records by page pattern in dist/.vite/page-modules.json (apps/web/src/app/page-modules.ts),
//   found in Vite's manifest (dist/.vite/manifest.json) by those names, with the chunks they
//   import; otherwise they are requested only once the entry has downloaded and run;
// - its first API replies: the browser hands a preloaded reply to the app's own fetch only when
//   the request is the same (URL byte for byte, credentials included, hence
//   `crossorigin=use-credentials`); the hooks start at page 1. index.html preloads the session
//   check the same way, for every page.
import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS, PAGE_PATTERNS } from '@pitlane/api/contract';

interface PagePreload {
  /** API URLs, exactly as the app's client requests them. */
  api: readonly string[];
}

/** By page pattern (a page without parameters: its path), what a signed-in load of it preloads. */
export const PAGE_PRELOADS: Readonly<Record<string, PagePreload>> = {
  [PAGE_PATTERNS.feeds]: {
    // The session check first: index.html preloads it too (the browser keeps one), but the
    // header's files are requested before the HTML's, and the page waits on it before anything.
    api: [ENDPOINTS['auth.verify'].path, `${ENDPOINTS['posts.feed'].path}?page=1`],
  },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** `keys` and every chunk they import statically, as manifest keys, importers first. */
function withImports(manifest: Manifest, keys: readonly string[]): Set<string> {
  const found = new Set<string>();
  const visit = (key: string) => {
    if (found.has(key) || !manifest[key]) return;
    found.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return found;
}

/** Which source modules each page pattern loads first, as the web build recorded them. */
type PageModules = Record<string, readonly string[]>;

function readBuildFile<T>(distDir: string, name: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', name), 'utf8')) as T;
  } catch {
    return null; // a build without it: the API preloads still work
  }
}

const fetchLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
// As index.html asks for them (Vite writes `crossorigin` on both), or the browser fetches twice.
const styleLink = (file: string) => `</${file}>; rel=preload; as=style; crossorigin`;
const moduleLink = (file: string) => `</${file}>; rel=modulepreload`;

/**
 * The `Link` header value for a signed-in load of each path of PAGE_PRELOADS, from the build in
 * `distDir`. The files index.html loads anyway (its style sheet, the entry and its imports) are
 * named too, and first: over HTTP/1.1 the browser has 6 connections per origin and takes the
 * header's files before the HTML's, so the page's two dozen small chunks would otherwise queue
 * ahead of the entry (measured: first paint later, not sooner).
 */
export function pagePreloadLinks(distDir: string): ReadonlyMap<string, string> {
  const manifest = readBuildFile<Manifest>(distDir, 'manifest.json');
  const pageModules = readBuildFile<PageModules>(distDir, 'page-modules.json') ?? {};
  const entry = manifest ? withImports(manifest, ['index.html']) : new Set<string>();
  const links = new Map<string, string>();
  for (const [pathname, preload] of Object.entries(PAGE_PRELOADS)) {
    const values = preload.api.map(fetchLink);
    if (manifest) {
      const chunks = [...withImports(manifest, pageModules[pathname] ?? [])].filter((key) => !entry.has(key));
      values.push(...(manifest['index.html']?.css ?? []).map(styleLink), ...[...entry, ...chunks].map((key) => moduleLink(manifest[key]!.file)));
    }
    links.set(pathname, values.join(', '));
  }
  return links;
}

/**
 * pagePreloadLinks, built again whenever the manifest changes: a build made while the server runs
 * replaces every hashed file name, and a header naming the old ones would only fetch 404s.
 */
export function watchPagePreloadLinks(distDir: string): () => ReadonlyMap<string, string> {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let built: { stamp: number; links: ReadonlyMap<string, string> } | null = null;
  return () => {
    const stamp = fs.statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (built?.stamp !== stamp) built = { stamp, links: pagePreloadLinks(distDir) };
    return built.links;
  };
}
