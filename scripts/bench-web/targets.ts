// The targets of issue 22: reached or not, never asserted.
import { kb, mark, ms, num, section, table } from './format.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { PageFiles } from './manifest.ts';
import { PAGES, TARGETS } from './options.ts';
import { total } from './sizes.ts';

export function reportTargets(
  initial: Map<string, PageFiles>,
  firstLoadFetched: Map<string, Set<string>>,
  lighthouseResults: Map<string, LighthouseResult>,
): void {
  section('Targets (issue 22)');
  const targetRows: string[][] = [];
  for (const page of PAGES) {
    const target = TARGETS[page.path]!;
    const js = total(initial.get(page.path)!.js);
    targetRows.push([`${page.path} first-load JS, gzip (manifest)`, `≤ ${target.firstLoadJsKb} KB`, kb(js.gzip), mark(js.gzip <= target.firstLoadJsKb * 1024)]);
    const fetched = firstLoadFetched.get(page.path);
    if (fetched) {
      const fjs = total([...fetched].filter((f) => f.endsWith('.js')));
      targetRows.push([`${page.path} first-load JS, gzip (fetched)`, `≤ ${target.firstLoadJsKb} KB`, kb(fjs.gzip), mark(fjs.gzip <= target.firstLoadJsKb * 1024)]);
    }
  }
  for (const [route, r] of lighthouseResults) {
    const target = TARGETS[route];
    if (!target) continue;
    targetRows.push([`${route} Lighthouse mobile performance`, `≥ ${target.performance}`, num(r.median.performance), mark(r.median.performance >= target.performance, r.median.performance)]);
    if (target.lcpMs !== undefined) targetRows.push([`${route} LCP`, `≤ ${ms(target.lcpMs)}`, ms(r.median.lcp), mark(r.median.lcp <= target.lcpMs, r.median.lcp)]);
    if (target.tbtMs !== undefined) targetRows.push([`${route} TBT`, `≤ ${ms(target.tbtMs)}`, ms(r.median.tbt), mark(r.median.tbt <= target.tbtMs, r.median.tbt)]);
    if (target.cls !== undefined) targetRows.push([`${route} CLS`, `≤ ${target.cls}`, num(r.median.cls, 3), mark(r.median.cls <= target.cls, r.median.cls)]);
  }
  table(['figure', 'target', 'measured', ''], targetRows);
}
