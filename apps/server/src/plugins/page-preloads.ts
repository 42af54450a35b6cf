// What a page load waits on before its first screen, named in a `Link` header on the index.html
// answer so the browser fetches it beside the entry scripts instead of after them:
//
// - the page's code: the lazy chunks the app loads at start-up for that page, which the web build
//   records by page pattern in dist/.vite/page-modules.json (apps/web/src/app/page-modules.ts)
//   as keys of Vite's manifest (dist/.vite/manifest.json: a page's own chunk, or the chunk group
//   holding it), with the chunks they import; otherwise they are requested only once the entry has downloaded and run. Which page:
//   the one addressed, for the signed-out pages and for anyone with a session cookie; without
//   one, a signed-in page goes on to /login, so /login's code (measured 2026-11-27, HTTP/1.1,
//   150 ms and 1.6 Mbps: a signed-out /feeds drew the login form at 1.6 s instead of 2.9 s);
// - its first API replies: the session check (every page waits on it; index.html preloads it
//   too) and, signed in, the page's first data (the feed). The browser hands a preloaded reply to
//   the app's own fetch only when the request is the same (URL byte for byte, credentials
//   included, hence `crossorigin=use-credentials`); the hooks start at page 1.
//
// Not 103 Early Hints: index.html is a file read from disk, answered at once, so hints would
// reach the browser no sooner than this header.
import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS, PAGE_PATTERNS } from '@pitlane/api/contract';

interface PagePreload {
  /** API URLs, exactly as the app's client requests them, after the session check. */
  api: readonly string[];
}

/** By page pattern (a page without parameters: its path), the signed-in API replies to preload. */
export const PAGE_PRELOADS: Readonly<Record<string, PagePreload>> = {
  [PAGE_PATTERNS.feeds]: { api: [`${ENDPOINTS['posts.feed'].path}?page=1`] },
};

/**
 * The pages for signed-out people (spec §2; the web app's PUBLIC_PAGES): the same code whether a
 * cookie is there or not (a valid session is sent on to the feed, after the check).
 */
const SIGNED_OUT_PAGES: readonly string[] = [PAGE_PATTERNS.login, PAGE_PATTERNS.register, PAGE_PATTERNS.forgotPassword];
/** Where the app sends a signed-out person who asked for a signed-in page. */
const SIGN_IN_PAGE: string = PAGE_PATTERNS.login;

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
 * The most the `Link` header carries. A proxy in front reads a response's headers into one buffer:
 * nginx's `proxy_buffer_size` is 4 KB on x86-64 by default and answers 502 beyond it, and the
 * index.html answer's other headers (the CSP, Permissions-Policy, …) take ~1.4 KB. A page's later
 * chunks past it are found by the browser as their importers load, as without the header.
 */
export const MAX_LINK_HEADER_BYTES = 2000;

/** `links` joined as one header value, the first ones that fit in MAX_LINK_HEADER_BYTES. */
function headerValue(links: readonly string[]): string {
  let value = links[0] ?? '';
  for (const link of links.slice(1)) {
    if (value.length + 2 + link.length > MAX_LINK_HEADER_BYTES) break;
    value += `, ${link}`;
  }
  return value;
}

/**
 * The `Link` header of a page load, by its path and whether a session cookie came with it, with
 * `extra` links (a signed-in feed's first photo) after the API replies, ahead of the code.
 */
export interface PagePreloadLinks {
  (pathname: string, signedIn: boolean, extra?: readonly string[]): string | undefined;
  /**
   * For a page the server drew (first-screen.ts): its `Link` header names the style sheet only (the
   * replies and photos are in its HTML, and its code starts after its first photo: render.tsx in
   * the web app), and `modules` are the files the page loads first beyond the entry's, as URLs,
   * for the page to fetch when its code starts. Undefined for a path that is no page of the app.
   */
  drawn(pathname: string): { link: string | undefined; modules: string[] } | undefined;
}

/** A router pattern (`/profile/:username`) as a matcher of paths, and how specific it is. */
function compilePattern(pattern: string): { test: (pathname: string) => boolean; literals: number } {
  const segments = pattern.split('/').filter(Boolean);
  const source = segments.map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  const regex = new RegExp(`^/${source}/?$`);
  return { test: (pathname) => regex.test(pathname), literals: segments.filter((part) => !part.startsWith(':')).length };
}

/**
 * The `Link` header of each page load, from the build in `distDir`: the session check, a signed-in
 * page's first data, then the style sheet, the entry and its imports and the page's chunks. The
 * files index.html loads anyway are named too, and first: over HTTP/1.1 the browser has 6
 * connections per origin and takes the header's files before the HTML's, so the page's two dozen
 * small chunks would otherwise queue ahead of the entry (measured: first paint later, not sooner).
 * A path that is no page of the app (the not-found page) gets none.
 */
export function pagePreloadLinks(distDir: string): PagePreloadLinks {
  const manifest = readBuildFile<Manifest>(distDir, 'manifest.json');
  const pageModules = readBuildFile<PageModules>(distDir, 'page-modules.json') ?? {};
  const entry = manifest ? withImports(manifest, ['index.html']) : new Set<string>();
  const styles = (manifest?.['index.html']?.css ?? []).map(styleLink);
  /** The files a page loads first beyond the entry and its imports, importers first. */
  const chunksOf = (pattern: string): string[] =>
    manifest ? [...withImports(manifest, pageModules[pattern] ?? [])].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file) : [];
  const codeOf = (pattern: string): string[] =>
    manifest ? [...styles, ...[...[...entry].map((key) => manifest[key]!.file), ...chunksOf(pattern)].map(moduleLink)] : [];
  const sessionCheck = fetchLink(ENDPOINTS['auth.verify'].path);
  const links = new Map<string, { signedIn: { api: string[]; code: string[] }; signedOut: string; drawnModules: string[] }>();
  const signInCode = codeOf(SIGN_IN_PAGE);
  for (const pattern of new Set([...Object.keys(pageModules), ...Object.keys(PAGE_PRELOADS)])) {
    const code = codeOf(pattern);
    const api = [sessionCheck, ...(PAGE_PRELOADS[pattern]?.api ?? []).map(fetchLink)];
    const signedOut = SIGNED_OUT_PAGES.includes(pattern) ? [sessionCheck, ...code] : [sessionCheck, ...signInCode];
    links.set(pattern, { signedIn: { api, code }, signedOut: headerValue(signedOut), drawnModules: chunksOf(pattern).map((file) => `/${file}`) });
  }
  // The most specific pattern first: /profile/edit before /profile/:username.
  const matchers = [...links.keys()].map((pattern) => ({ pattern, ...compilePattern(pattern) })).sort((a, b) => b.literals - a.literals);
  const pageAt = (pathname: string) => {
    const found = matchers.find((matcher) => matcher.test(pathname));
    return found && links.get(found.pattern)!;
  };
  const header = (pathname: string, signedIn: boolean, extra: readonly string[] = []) => {
    const page = pageAt(pathname);
    if (!page) return undefined;
    return signedIn ? headerValue([...page.signedIn.api, ...extra, ...page.signedIn.code]) : page.signedOut;
  };
  const drawn = (pathname: string) => {
    const page = pageAt(pathname);
    return page && { link: styles.length ? headerValue(styles) : undefined, modules: page.drawnModules };
  };
  return Object.assign(header, { drawn });
}

/**
 * pagePreloadLinks, built again whenever the manifest changes: a build made while the server runs
 * replaces every hashed file name, and a header naming the old ones would only fetch 404s.
 */
export function watchPagePreloadLinks(distDir: string): () => PagePreloadLinks {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let built: { stamp: number; links: PagePreloadLinks } | null = null;
  return () => {
    const stamp = fs.statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (built?.stamp !== stamp) built = { stamp, links: pagePreloadLinks(distDir) };
    return built.links;
  };
}
