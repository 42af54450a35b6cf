// The first load by the manifest: what each page needs before it can draw, independent of timing,
// every lazy chunk's size, and which packages the first-load JavaScript is made of.
import { composition } from './composition.ts';
import { kb, section, table } from './format.ts';
import { entryKey, pageFiles, readPageModules, staticClosure, type Manifest, type PageFiles } from './manifest.ts';
import { PAGES } from './options.ts';
import { sizeOf, total } from './sizes.ts';

/** Prints the manifest's sections and returns each page's first-load files, by path. */
export function reportFirstLoad(manifest: Manifest): Map<string, PageFiles> {
  const entry = entryKey(manifest);
  const pageModules = readPageModules();

  // --- First load, from the manifest
  section('First load by the manifest (entry + static imports + the route\'s lazy chunks + theirs)');
  const initial = new Map<string, PageFiles>();
  const rows: string[][] = [];
  for (const page of PAGES) {
    const files = pageFiles(manifest, pageModules[page.path] ?? []);
    initial.set(page.path, files);
    for (const [kind, set] of [['JS', files.js], ['CSS', files.css]] as const) {
      const sum = total(set);
      rows.push([`${page.path} ${kind}`, String(sum.count), kb(sum.raw), kb(sum.gzip), kb(sum.brotli)]);
    }
  }
  table(['page', 'files', 'raw', 'gzip', 'brotli'], rows);
  for (const page of PAGES) {
    const inEntry = initial.get(page.path)!.inEntry;
    if (inEntry.length) console.log(`(${page.path}: ${inEntry.join(', ')} not a chunk of its own: bundled into the entry)`);
  }

  // --- Per route chunk
  section('Lazy chunks (each dynamic import: its own file; "+ imports" adds static imports not already in the entry)');
  const entryFiles = staticClosure(manifest, [entry]);
  const chunkRows = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const own = sizeOf(chunk.file);
      const closure = staticClosure(manifest, [key]);
      const extra = total([...closure.js].filter((f) => !entryFiles.js.has(f)));
      return { key, row: [key.replace(/^(\.\.\/)+/, ''), kb(own.raw), kb(own.gzip), kb(own.brotli), kb(extra.gzip), kb(extra.brotli)] };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
  table(['module', 'raw', 'gzip', 'brotli', '+ imports gzip', '+ imports brotli'], chunkRows.map((r) => r.row));

  // --- Composition
  section('What the first-load JS of /login and /feeds is made of (both together; source maps; gzip of each part alone)');
  const feedsJs = initial.get('/feeds')!.js;
  const loginJs = initial.get('/login')!.js;
  const parts = composition(new Set([...feedsJs, ...loginJs]));
  const shown = parts.slice(0, 18);
  const rest = parts.slice(18);
  const compositionRows = shown.map((p) => [p.owner, kb(p.raw), kb(p.gzip)]);
  if (rest.length) compositionRows.push([`${rest.length} more`, kb(rest.reduce((s, p) => s + p.raw, 0)), kb(rest.reduce((s, p) => s + p.gzip, 0))]);
  table(['package', 'raw', 'gzip alone'], compositionRows);

  return initial;
}
