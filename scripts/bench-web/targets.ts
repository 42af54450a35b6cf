// The targets of issue 10: reached or not, never asserted.
import { kb, mark, num, section, table } from './format.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { PageFiles } from './manifest.ts';
import { PAGES, TARGETS } from './options.ts';
import { total } from './sizes.ts';

export function reportTargets(
  initial: Map<string, PageFiles>,
  firstLoadFetched: Map<string, Set<string>>,
  lighthouseResults: Map<string, LighthouseResult>,
): void {
  section('Targets (issue 10)');
  const targetRows: string[][] = [];
  for (const page of PAGES) {
    const js = total(initial.get(page.path)!.js);
    targetRows.push([`${page.path} first-load JS, gzip (manifest)`, '≤ 100 KB', kb(js.gzip), mark(js.gzip <= TARGETS.firstLoadJsGzip)]);
    const fetched = firstLoadFetched.get(page.path);
    if (fetched) {
      const fjs = total([...fetched].filter((f) => f.endsWith('.js')));
      targetRows.push([`${page.path} first-load JS, gzip (fetched)`, '≤ 100 KB', kb(fjs.gzip), mark(fjs.gzip <= TARGETS.firstLoadJsGzip)]);
    }
  }
  for (const [route, r] of lighthouseResults) {
    targetRows.push([`${route} Lighthouse mobile performance`, '≥ 95', num(r.median.performance), mark(r.median.performance >= TARGETS.performance, r.median.performance)]);
    targetRows.push([`${route} CLS`, '≤ 0.02', num(r.median.cls, 3), mark(r.median.cls <= TARGETS.cls, r.median.cls)]);
  }
  table(['figure', 'target', 'measured', ''], targetRows);
}
