import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.ts';
import { MAX_LINK_HEADER_BYTES, pagePreloadLinks, watchPagePreloadLinks } from './page-preloads.ts';

// The shape of Vite's dist/.vite/manifest.json, cut down to what the preloads read.
const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_Avatar-1.js': { file: 'assets/Avatar-1.js', imports: ['_react-1.js'] },
  'src/app/DashboardShell.tsx': { file: 'assets/DashboardShell-1.js', isDynamicEntry: true, imports: ['index.html', '_react-1.js', '_Avatar-1.js'] },
  'src/pages/FeedsPage.tsx': { file: 'assets/FeedsPage-1.js', isDynamicEntry: true, imports: ['index.html', '_Avatar-1.js'] },
  'src/pages/LoginPage.tsx': { file: 'assets/LoginPage-1.js', isDynamicEntry: true, imports: ['index.html', '_Field-1.js'] },
  '_Field-1.js': { file: 'assets/Field-1.js' },
  'src/pages/ProfilePage.tsx': { file: 'assets/ProfilePage-1.js', isDynamicEntry: true, imports: ['index.html', '_Avatar-1.js'] },
  'src/pages/EditProfilePage.tsx': { file: 'assets/EditProfilePage-1.js', isDynamicEntry: true, imports: ['index.html', '_Field-1.js'] },
};

// The web build's dist/.vite/page-modules.json: what each page pattern loads first, by source name.
const pageModules = {
  '/login': ['src/pages/LoginPage.tsx'],
  '/feeds': ['src/app/DashboardShell.tsx', 'src/pages/FeedsPage.tsx'],
  '/profile/:username': ['src/app/DashboardShell.tsx', 'src/pages/ProfilePage.tsx'],
  '/profile/edit': ['src/app/DashboardShell.tsx', 'src/pages/EditProfilePage.tsx'],
};

const sessionCheck = '</api/auth/verify>; rel=preload; as=fetch; crossorigin=use-credentials';
const entry = ['</assets/index-1.css>; rel=preload; as=style; crossorigin', '</assets/index-1.js>; rel=modulepreload', '</assets/react-1.js>; rel=modulepreload'];
const loginCode = [...entry, '</assets/LoginPage-1.js>; rel=modulepreload', '</assets/Field-1.js>; rel=modulepreload'];

/** Writes a build's manifest and page modules into `dir`; returns the manifest's path. */
function writeBuild(dir: string, files: Record<string, unknown> = manifest): string {
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.vite', 'page-modules.json'), JSON.stringify(pageModules));
  const file = path.join(dir, '.vite', 'manifest.json');
  fs.writeFileSync(file, JSON.stringify(files));
  return file;
}

describe('pagePreloadLinks', () => {
  const tmp = useTempDir('pitlane-preloads-');

  it("names a signed-in /feeds load's API replies, then the entry, then the page's chunks, each once", () => {
    writeBuild(tmp.path);
    expect(pagePreloadLinks(tmp.path)('/feeds', true)!.split(', ')).toEqual([
      sessionCheck,
      '</api/posts/feed?page=1>; rel=preload; as=fetch; crossorigin=use-credentials',
      ...entry,
      '</assets/DashboardShell-1.js>; rel=modulepreload',
      '</assets/Avatar-1.js>; rel=modulepreload',
      '</assets/FeedsPage-1.js>; rel=modulepreload',
    ]);
  });

  it("names /login's code for /login with or without a cookie, and for a signed-in page loaded without one (the app goes on to /login)", () => {
    writeBuild(tmp.path);
    const links = pagePreloadLinks(tmp.path);
    const login = [sessionCheck, ...loginCode].join(', ');
    expect(links('/login', false)).toBe(login);
    expect(links('/login', true)).toBe(login);
    expect(links('/feeds', false)).toBe(login);
    expect(links('/profile/jane.doe', false)).toBe(login);
  });

  it("names a drawn page's style sheet only, and gives the page the files its code loads first beyond the entry's", () => {
    writeBuild(tmp.path);
    const drawn = pagePreloadLinks(tmp.path).drawn;
    expect(drawn('/feeds')).toEqual({
      link: '</assets/index-1.css>; rel=preload; as=style; crossorigin',
      modules: ['/assets/DashboardShell-1.js', '/assets/Avatar-1.js', '/assets/FeedsPage-1.js'],
    });
    expect(drawn('/profile/edit')?.modules).toEqual(['/assets/DashboardShell-1.js', '/assets/Avatar-1.js', '/assets/EditProfilePage-1.js', '/assets/Field-1.js']);
    expect(drawn('/no-such-page')).toBeUndefined();
  });

  it('names the page matching a path with parameters, the most specific pattern first', () => {
    writeBuild(tmp.path);
    const links = pagePreloadLinks(tmp.path);
    expect(links('/profile/jane.doe', true)!.split(', ')).toEqual([
      sessionCheck,
      ...entry,
      '</assets/DashboardShell-1.js>; rel=modulepreload',
      '</assets/Avatar-1.js>; rel=modulepreload',
      '</assets/ProfilePage-1.js>; rel=modulepreload',
    ]);
    expect(links('/profile/edit', true)).toContain('EditProfilePage-1.js');
    expect(links('/profile/edit', true)).not.toContain('</assets/ProfilePage-1.js>');
    expect(links('/profile/jane.doe/more', true)).toBeUndefined();
    expect(links('/no-such-page', true)).toBeUndefined();
  });

  it('names only the API replies when the build has no manifest', () => {
    const links = pagePreloadLinks(tmp.path);
    expect(links('/feeds', true)).toBe(`${sessionCheck}, </api/posts/feed?page=1>; rel=preload; as=fetch; crossorigin=use-credentials`);
    expect(links('/login', false)).toBeUndefined();
  });

  it('stops at MAX_LINK_HEADER_BYTES, at a whole link, the session check and the entry first', () => {
    const many = Array.from({ length: 80 }, (_, i) => `_Chunk${i}-1.js`);
    writeBuild(tmp.path, {
      ...manifest,
      ...Object.fromEntries(many.map((key) => [key, { file: `assets/${key.slice(1)}` }])),
      'src/pages/FeedsPage.tsx': { ...manifest['src/pages/FeedsPage.tsx'], imports: ['index.html', ...many] },
    });
    const value = pagePreloadLinks(tmp.path)('/feeds', true)!;
    expect(value.length).toBeLessThanOrEqual(MAX_LINK_HEADER_BYTES);
    expect(value.length).toBeGreaterThan(MAX_LINK_HEADER_BYTES - 60);
    const links = value.split(', ');
    expect(links.slice(2, 5)).toEqual(entry);
    expect(links.at(-1)).toMatch(/^<\/assets\/Chunk\d+-1\.js>; rel=modulepreload$/);
  });

  it('follows a new build made while the server runs', () => {
    const links = watchPagePreloadLinks(tmp.path);
    const file = writeBuild(tmp.path);
    expect(links()('/feeds', true)).toContain('</assets/FeedsPage-1.js>');
    writeBuild(tmp.path, { ...manifest, 'src/pages/FeedsPage.tsx': { ...manifest['src/pages/FeedsPage.tsx'], file: 'assets/FeedsPage-2.js' } });
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(links()('/feeds', true)).toContain('</assets/FeedsPage-2.js>');
    expect(links()('/feeds', true)).not.toContain('FeedsPage-1');
  });
});
