import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_PATTERNS } from '@pitlane/api/contract';
import { firstModules, NOT_FOUND_MODULE, PAGE_MODULES, pageModules, SHELL_MODULE } from './page-modules.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('page modules', () => {
  it('name files of the app, as Vite names them (paths from apps/web)', () => {
    for (const module of [SHELL_MODULE, NOT_FOUND_MODULE, ...Object.values(PAGE_MODULES)]) {
      expect(fs.existsSync(path.join(webRoot, module)), module).toBe(true);
    }
  });

  it('a public page loads alone, a signed-in one inside the layout, `/` and a modal over the feed', () => {
    expect(firstModules('login')).toEqual(['src/pages/LoginPage.tsx']);
    expect(firstModules('profile')).toEqual([SHELL_MODULE, 'src/pages/ProfilePage.tsx']);
    expect(firstModules('root')).toEqual([SHELL_MODULE, 'src/pages/FeedsPage.tsx']);
    expect(firstModules('createPost')).toEqual([SHELL_MODULE, 'src/pages/FeedsPage.tsx', 'src/pages/CreatePostPage.tsx']);
  });

  it('the build records every page pattern', () => {
    const recorded = pageModules();
    expect(Object.keys(recorded).sort()).toEqual(Object.values(PAGE_PATTERNS).sort());
    expect(recorded[PAGE_PATTERNS.feeds]).toEqual([SHELL_MODULE, 'src/pages/FeedsPage.tsx']);
  });
});
