// The size budget (issue 22): each page's first-load JS, gzip, by the manifest (the figure the
// first-load section of bench:web prints, computed by pageFiles and total) against a ceiling.
// Bytes are exact, so unlike timings this may fail a build. The ceilings themselves are in
// scripts/size-budget.ts; this is the checking, kept apart so a unit test can feed it a manifest.
import { kb } from './format.ts';
import { pageFiles, type Manifest } from './manifest.ts';
import { total } from './sizes.ts';

const KB = 1024;

export interface PageBudget {
  page: string;
  /** First-load JS, gzip, KB (1024 bytes): the check fails above it. */
  ceilingKb: number;
  /** Where the issue wants the page to be; printed beside the figure, never enforced. */
  targetKb: number;
}

export interface BudgetResult {
  page: string;
  /** The figure in bytes, or null when the build does not say what the page loads. */
  bytes: number | null;
  ceiling: number;
  target: number;
  ok: boolean;
  message: string;
}

/** Gzip bytes of a set of dist files (sizes.ts, as bench:web counts them); a test passes its own. */
export type GzipOf = (files: Iterable<string>) => number;
const gzipOfDist: GzipOf = (files) => total(files).gzip;

/** A page whose figure is at least this far below its ceiling is told the ceiling can come down. */
const SLACK = 2 * KB;

export function checkBudget(
  manifest: Manifest,
  pageModules: Record<string, readonly string[]>,
  budget: readonly PageBudget[],
  gzipOf: GzipOf = gzipOfDist,
): BudgetResult[] {
  return budget.map(({ page, ceilingKb, targetKb }) => {
    const ceiling = Math.round(ceilingKb * KB);
    const target = Math.round(targetKb * KB);
    const result = (bytes: number | null, ok: boolean, message: string) => ({ page, bytes, ceiling, target, ok, message });
    const modules = pageModules[page];
    if (!modules?.length) {
      return result(null, false, `${page}: not in dist/.vite/page-modules.json (apps/web/src/app/page-modules.ts), so its first load is unknown; ceiling ${kb(ceiling)}, target ${kb(target)}`);
    }
    const files = pageFiles(manifest, modules);
    const bytes = gzipOf(files.js);
    // As bench:web says it: a page module that is no chunk of its own was bundled into the entry.
    const inEntry = files.inEntry.length ? ` (${files.inEntry.join(', ')}: no chunk of its own, counted in the entry)` : '';
    if (bytes > ceiling) {
      return result(bytes, false, `${page}: first-load JS ${kb(bytes)} (${bytes} B) is OVER its ceiling ${kb(ceiling)} (${ceiling} B) by ${kb(bytes - ceiling)}; target ${kb(target)}${inEntry}`);
    }
    const toTarget = bytes > target ? `${kb(bytes - target)} above the target` : 'target reached';
    const lower = ceiling - bytes >= SLACK ? `; lock the gain in: lower the ceiling to ${Math.ceil((bytes + KB) / (KB / 2)) / 2} KB` : '';
    return result(bytes, true, `${page}: first-load JS ${kb(bytes)} (${bytes} B), ceiling ${kb(ceiling)}, target ${kb(target)}: ok (${toTarget})${lower}${inEntry}`);
  });
}
