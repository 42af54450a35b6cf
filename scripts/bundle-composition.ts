// What a page's first-load JavaScript is made of, source module by source module (issue 22):
// the build's Vite manifest says which files /login and /feeds load first (as `npm run test:size`
// counts them), their source maps say which module wrote each byte. Each module's text is
// gzipped alone, so the figures rank modules; they do not add up to the page's gzip total.
//
//   npx node scripts/bundle-composition.ts [--dist DIR] [--top 40] [--page /login]   (Node 24: npx)
//
// It reads a build (apps/web/dist, or --dist DIR from `vite build --outDir DIR`); it never builds.
import { composition } from './bench-web/composition.ts';
import { kb, section, table } from './bench-web/format.ts';
import { pageFiles, readManifest, readPageModules } from './bench-web/manifest.ts';
import { option, PAGES } from './bench-web/options.ts';
import { sizeOf, total } from './bench-web/sizes.ts';

const top = Number(option('--top')) || 40;
const only = option('--page');
const manifest = readManifest();
const pageModules = readPageModules();

for (const page of PAGES.filter((p) => !only || p.path === only)) {
  const { js } = pageFiles(manifest, pageModules[page.path] ?? []);
  const sum = total(js);
  section(`${page.path}: ${sum.count} files, ${kb(sum.raw)} raw, ${kb(sum.gzip)} gzip`);
  table(
    ['file', 'raw', 'gzip'],
    [...js].map((file) => ({ file, size: sizeOf(file) })).sort((a, b) => b.size.gzip - a.size.gzip).map(({ file, size }) => [file, kb(size.raw), kb(size.gzip)]),
  );
  console.log('');
  const parts = composition(js, 'module');
  const rows = parts.slice(0, top).map((p) => [p.owner, kb(p.raw), kb(p.gzip)]);
  const rest = parts.slice(top);
  if (rest.length) rows.push([`${rest.length} more modules`, kb(rest.reduce((s, p) => s + p.raw, 0)), kb(rest.reduce((s, p) => s + p.gzip, 0))]);
  table(['module', 'raw', 'gzip alone'], rows);
}
