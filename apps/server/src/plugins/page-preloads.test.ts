import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.ts';
import { pagePreloadLinks, watchPagePreloadLinks } from './page-preloads.ts';

// The shape of Vite's dist/.vite/manifest.json, cut down to what the preloads read.
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_Avatar-1.js': { file: 'assets/Avatar-1.js', imports: ['_react-1.js'] },
  'src/app/DashboardShell.tsx': { file: 'assets/DashboardShell-1.js', isDynamicEntry: true, imports: ['index.html', '_react-1.js', '_Avatar-1.js'] },
  'src/pages/FeedsPage.tsx': { file: 'assets/FeedsPage-1.js', isDynamicEntry: true, imports: ['index.html', '_Avatar-1.js'] },
  'src/pages/LoginPage.tsx': { file: 'assets/LoginPage-1.js', isDynamicEntry: true, imports: ['index.html'] },
};

// The web build's dist/.vite/page-modules.json: what each page pattern loads first, by source name.
const pageModules = {
  '/login': ['src/pages/LoginPage.tsx'],
  '/feeds': ['src/app/DashboardShell.tsx', 'src/pages/FeedsPage.tsx'],
};

describe('pagePreloadLinks', () => {
  const tmp = useTempDir('pitlane-preloads-');

  it("names a signed-in /feeds load's API replies, then the entry, then the page's chunks, each once", () => {
    fs.mkdirSync(path.join(tmp.path, '.vite'));
    fs.writeFileSync(path.join(tmp.path, '.vite', 'manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(tmp.path, '.vite', 'page-modules.json'), JSON.stringify(pageModules));
    expect(pagePreloadLinks(tmp.path).get('/feeds')!.split(', ')).toEqual([
      '</api/auth/verify>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/posts/feed?page=1>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</assets/index-1.css>; rel=preload; as=style; crossorigin',
      '</assets/index-1.js>; rel=modulepreload',
      '</assets/react-1.js>; rel=modulepreload',
      '</assets/DashboardShell-1.js>; rel=modulepreload',
      '</assets/Avatar-1.js>; rel=modulepreload',
      '</assets/FeedsPage-1.js>; rel=modulepreload',
    ]);
  });

  it('names only the API replies when the build has no manifest, and nothing for other pages', () => {
    const links = pagePreloadLinks(tmp.path);
    expect(links.get('/feeds')).toBe(
      '</api/auth/verify>; rel=preload; as=fetch; crossorigin=use-credentials, </api/posts/feed?page=1>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect(links.get('/login')).toBeUndefined();
  });

  it('follows a new build made while the server runs', () => {
    const write = (files: typeof manifest) => {
      fs.mkdirSync(path.join(tmp.path, '.vite'), { recursive: true });
      const file = path.join(tmp.path, '.vite', 'manifest.json');
      fs.writeFileSync(path.join(tmp.path, '.vite', 'page-modules.json'), JSON.stringify(pageModules));
      fs.writeFileSync(file, JSON.stringify(files));
      return file;
    };
    const links = watchPagePreloadLinks(tmp.path);
    const file = write(manifest);
    expect(links().get('/feeds')).toContain('</assets/FeedsPage-1.js>');
    write({ ...manifest, 'src/pages/FeedsPage.tsx': { ...manifest['src/pages/FeedsPage.tsx'], file: 'assets/FeedsPage-2.js' } });
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(links().get('/feeds')).toContain('</assets/FeedsPage-2.js>');
    expect(links().get('/feeds')).not.toContain('FeedsPage-1');
  });
});
