import { describe, expect, it } from 'vitest';
import { checkBudget, type GzipOf } from './budget.ts';
import type { Manifest } from './manifest.ts';

// A build in miniature: the entry imports vendor; /login's page is its own chunk, /feeds's page
// imports a shared chunk. Each file "gzips" to the size in this table.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js' },
  'src/pages/LoginPage.tsx': { file: 'assets/LoginPage.js', isDynamicEntry: true },
  'src/pages/FeedsPage.tsx': { file: 'assets/FeedsPage.js', isDynamicEntry: true, imports: ['_shared.js'] },
};
const gzip: Record<string, number> = {
  'assets/index.js': 40_000,
  'assets/vendor.js': 50_000,
  'assets/shared.js': 10_000,
  'assets/LoginPage.js': 5_000,
  'assets/FeedsPage.js': 20_000,
};
const gzipOf: GzipOf = (files) => [...files].reduce((sum, file) => sum + gzip[file]!, 0);
const pageModules = { '/login': ['src/pages/LoginPage.tsx'], '/feeds': ['src/pages/FeedsPage.tsx'] };

describe('size budget', () => {
  it('passes a page at or under its ceiling and counts the entry, the page and their static imports', () => {
    // /login: 40 000 + 50 000 + 5 000 = 95 000 B; /feeds: 40 000 + 50 000 + 20 000 + 10 000 = 120 000 B, its ceiling exactly.
    const [login, feeds] = checkBudget(manifest, pageModules, [
      { page: '/login', ceilingKb: 93, targetKb: 100 },
      { page: '/feeds', ceilingKb: 120_000 / 1024, targetKb: 100 },
    ], gzipOf);
    expect(login).toMatchObject({ bytes: 95_000, ok: true });
    expect(login!.message).toContain('target reached');
    expect(feeds).toMatchObject({ bytes: 120_000, ceiling: 120_000, ok: true });
    expect(feeds!.message).toContain('above the target');
  });

  it('fails a page over its ceiling, printing the figure, the ceiling and the target', () => {
    const [feeds] = checkBudget(manifest, pageModules, [{ page: '/feeds', ceilingKb: 117, targetKb: 100 }], gzipOf);
    expect(feeds).toMatchObject({ bytes: 120_000, ceiling: 119_808, ok: false });
    expect(feeds!.message).toBe('/feeds: first-load JS 117.2 KB (120000 B) is OVER its ceiling 117.0 KB (119808 B) by 0.2 KB; target 100.0 KB');
  });

  it('fails a page the build does not record', () => {
    const [register] = checkBudget(manifest, pageModules, [{ page: '/register', ceilingKb: 200, targetKb: 100 }], gzipOf);
    expect(register).toMatchObject({ bytes: null, ok: false });
    expect(register!.message).toContain('not in dist/.vite/page-modules.json');
  });

  it('says when a ceiling can come down', () => {
    const [login] = checkBudget(manifest, pageModules, [{ page: '/login', ceilingKb: 110, targetKb: 100 }], gzipOf);
    expect(login!.ok).toBe(true);
    expect(login!.message).toContain('lower the ceiling to 94 KB');
  });
});
