// What the browser fetched while loading a page (Playwright).
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { kb, section, table } from './format.ts';
import type { PageFiles } from './manifest.ts';
import { PAGES } from './options.ts';
import { total } from './sizes.ts';

export interface Fetched {
  byType: Map<string, { count: number; bytes: number }>;
  /** dist-relative files of /assets requested before the window's load event… */
  assets: Set<string>;
  /** …and after it, until the network was idle (late files of the page itself, or prefetches). */
  afterLoad: Set<string>;
}

export async function measureFetched(baseUrl: string, route: string, cookie: string | null): Promise<Fetched> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    // Lighthouse's mobile device: 412×823 at DPR 1.75, touch.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      // --tls: the run's self-signed certificate (server.ts).
      ignoreHTTPSErrors: baseUrl.startsWith('https:'),
    });
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: baseUrl };
        }),
      );
    }
    const page = await context.newPage();
    const byType = new Map<string, { count: number; bytes: number }>();
    const assets = new Set<string>();
    const afterLoad = new Set<string>();
    const pending: Array<Promise<void>> = [];
    let loaded = false;
    const startedAfterLoad = new Set<unknown>();
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      if (loaded) startedAfterLoad.add(request);
    });
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const sizes = await request.sizes();
          const type = request.resourceType();
          const entry = byType.get(type) ?? { count: 0, bytes: 0 };
          entry.count++;
          entry.bytes += sizes.responseBodySize;
          byType.set(type, entry);
          const url = new URL(request.url());
          if (url.origin === baseUrl && url.pathname.startsWith('/assets/')) {
            (startedAfterLoad.has(request) ? afterLoad : assets).add(url.pathname.slice(1));
          }
        })(),
      );
    });
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
    if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended on ${page.url()} (not signed in?)`);
    await Promise.all(pending);
    return { byType, assets, afterLoad };
  } finally {
    await browser.close();
  }
}
/**
 * Loads each page of PAGES in Chromium and prints what it fetched; returns per page the files
 * counted as its first load (everything before the load event, and its own late files).
 */
export async function reportFetched(baseUrl: string, cookie: string, initial: Map<string, PageFiles>): Promise<Map<string, Set<string>>> {
  const fetchedResults = new Map<string, Fetched>();
  const firstLoadFetched = new Map<string, Set<string>>();
  section('Fetched by Chromium on load (Playwright, mobile viewport, until the network is idle; prefetches for the next page apart)');
  console.log("Counted: everything of /assets fetched before the window's load event, and after it the files of the page's own");
  console.log('first load by the manifest (fetched late: a waterfall). Other files fetched after the load event are prefetches.\n');
  const fetchedRows: string[][] = [];
  const notes: string[] = [];
  for (const page of PAGES) {
    const fetched = await measureFetched(baseUrl, page.path, page.signedIn ? cookie : null);
    fetchedResults.set(page.path, fetched);
    const own = new Set([...initial.get(page.path)!.js, ...initial.get(page.path)!.css]);
    const late = [...fetched.afterLoad].filter((f) => own.has(f));
    const firstLoad = new Set([...fetched.assets, ...late]);
    firstLoadFetched.set(page.path, firstLoad);
    const js = [...firstLoad].filter((f) => f.endsWith('.js'));
    const css = [...firstLoad].filter((f) => f.endsWith('.css'));
    for (const [kind, list] of [['JS', js], ['CSS', css]] as const) {
      const sum = total(list);
      fetchedRows.push([`${page.path} ${kind}`, String(sum.count), kb(sum.raw), kb(sum.gzip), kb(sum.brotli)]);
    }
    const manifestJs = initial.get(page.path)!.js;
    const extra = js.filter((f) => !manifestJs.has(f));
    const unused = [...manifestJs].filter((f) => !firstLoad.has(f));
    if (extra.length) notes.push(`${page.path}: also fetched before the load event, beyond the manifest's first load: ${extra.join(', ')}`);
    const lateJs = late.filter((f) => f.endsWith('.js'));
    if (lateJs.length) notes.push(`${page.path}: ${lateJs.length} of its own JS files only after the load event (a waterfall): ${lateJs.join(', ')}`);
    const prefetched = [...fetched.afterLoad].filter((f) => f.endsWith('.js') && !own.has(f));
    if (prefetched.length) {
      const sum = total(prefetched);
      notes.push(`${page.path}: prefetched after the load event (not counted): ${sum.count} JS files, ${kb(sum.gzip)} gzip — ${prefetched.join(', ')}`);
    }
    if (unused.length) notes.push(`${page.path}: in the manifest's first load but not fetched: ${unused.join(', ')}`);
  }
  table(['page', 'files', 'raw', 'gzip', 'brotli'], fetchedRows);
  if (notes.length) console.log(`\n${notes.join('\n')}`);
  console.log('\nEverything fetched until the network was idle, by type (bytes on the wire: compressed where the server sent an encoding):');
  const types = [...new Set([...fetchedResults.values()].flatMap((f) => [...f.byType.keys()]))].sort();
  table(
    ['type', ...PAGES.map((p) => p.path)],
    types.map((type) => [
      type,
      ...PAGES.map((p) => {
        const entryOfType = fetchedResults.get(p.path)!.byType.get(type);
        return entryOfType ? `${entryOfType.count} · ${kb(entryOfType.bytes)}` : '-';
      }),
    ]),
  );
  return firstLoadFetched;
}
