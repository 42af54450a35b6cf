import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PAGE_MODULES, pageModules, SHELL_MODULE } from './src/app/page-modules.ts';
import { renderer, rendererAliases } from '../../scripts/renderer.ts';

// In development the API runs on its own port (see the root "dev" script) and Vite proxies /api
// to it, so the browser still sees one origin, as in production.
const apiPort = process.env.API_PORT ?? '3001';

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every script, style
 * sheet and SVG of the build and of public/, once, at build time. The server sends them to browsers that accept
 * the encoding (@fastify/static `preCompressed`), so no request pays for compressing. Fonts
 * (woff2 is already compressed), images and source maps are left as they are.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'pitlane:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // With the files public/ copies as they are: /theme-init.js blocks the first paint.
      const copied = (await readdir(outDir)).filter((file) => /\.(js|svg)$/.test(file));
      const files = [...Object.keys(bundle), ...copied].filter((file) => /\.(js|css|svg|html)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(outDir, file);
          const bytes = await readFile(target);
          if (bytes.length < 1024) return; // not worth a second request's headers
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * Writes dist/.vite/page-modules.json beside Vite's manifest: for each page pattern, the chunks
 * holding the source modules the page renders first (src/app/page-modules.ts), by their keys in
 * the manifest. A module that is a chunk of its own is its own key ('src/pages/ProfilePage.tsx');
 * one bundled into a chunk group (`login`, `feed` below) is found by the group's file. The server's Link
 * preloads and `npm run bench:web` read it, so neither names the app's files.
 */
function recordPageModules(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'pitlane:page-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') throw new Error('pitlane:page-modules needs build.manifest');
      const manifest = JSON.parse(String(manifestAsset.source)) as Record<string, { file: string }>;
      const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
      const chunkKeyOf = (module: string): string => {
        const id = path.resolve(root, module);
        const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.moduleIds.includes(id));
        const key = chunk && keyOfFile.get(chunk.fileName);
        if (!key) throw new Error(`pitlane:page-modules: no chunk in the manifest holds ${module}`);
        return key;
      };
      const byPage = Object.fromEntries(
        Object.entries(pageModules()).map(([pattern, modules]) => [pattern, [...new Set(modules.map(chunkKeyOf))]]),
      );
      await writeFile(path.join(outDir, '.vite/page-modules.json'), `${JSON.stringify(byPage, null, 2)}\n`);
    },
  };
}

const endsWith = (module: string) => (id: string) => id.replaceAll('\\', '/').endsWith(`/apps/web/${module}`);
/** The design system's parts only the sign-in pages draw (their frame, the login form, the provider's button). */
const LOGIN_ONLY = /[\\/]packages[\\/]ui[\\/]src[\\/](layouts[\\/]AuthLayout|widgets[\\/](LoginForm|ThirdPartySignIn))[\\/]/;

// Every `import … from 'zod'` gets zod already set to `jitless` (src/zod-config.ts says why).
const zodAlias = { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) };
// wouter takes useSyncExternalStore from the `use-sync-external-store` shim, a CommonJS module for
// React before 18 (0.4 KB gzip on the first load); React 18+ and preact/compat have their own.
const syncStoreAlias = { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: renderer === 'preact' ? 'preact/compat' : 'react' };
const resolve = {
  // React, or React's API on preact/compat, in the build and the dev server alike (scripts/renderer.ts).
  alias: [zodAlias, syncStoreAlias, ...rendererAliases],
};

/**
 * `vite build --ssr` (the web app's `build` script, after the browser's build): the first screen
 * of a signed-in page as the server draws it (src/first-screen/render.tsx), one file in
 * dist/.server/ (which the server does not serve). Everything bundled into it, so a build copied
 * elsewhere (bench:web's `--dist`) runs without this repository's node_modules. React's renderer
 * always; with the browser's app on preact/compat it draws nothing (render.tsx).
 */
const firstScreenBuild = defineConfig({
  plugins: [react()],
  resolve: { alias: [zodAlias, { ...syncStoreAlias, replacement: 'react' }] },
  ssr: { noExternal: true, target: 'node' },
  define: {
    // React's production build only (its development checks are the browser's, in `npm run dev`).
    'process.env.NODE_ENV': JSON.stringify('production'),
    // The browser's renderer: a page drawn here is hydrated by React only (render.tsx).
    'import.meta.env.PITLANE_BROWSER_RENDERER': JSON.stringify(renderer),
  },
  build: {
    target: 'node24',
    outDir: 'dist/.server',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { input: { 'first-screen': 'src/first-screen/render.tsx' }, output: { entryFileNames: '[name].js', codeSplitting: false } },
  },
});

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? firstScreenBuild : {
  plugins: [react(), tailwindcss(), precompress(), recordPageModules()],
  resolve,
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2023',
    // No modulepreload polyfill in the entry: every browser of this target but Safari 16 follows
    // <link rel=modulepreload> itself, and there the modules still load, on import, a little later.
    modulePreload: { polyfill: false },
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks and styles each entry and lazy route pulls in, read by
    // the server's Link preloads and `npm run bench:web` (scripts/bench-web.ts) to size what each
    // page loads first (with page-modules.json, above).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs from the start (the renderer, React's or preact/compat:
            // scripts/renderer.ts; the router, the query cache, class merging) change only when
            // upgraded: one file that stays cached (immutable, apps/server/src/plugins/web-app.ts)
            // across deploys of the app. One file, not two (the renderer and router, the rest):
            // /login 119.9 -> 119.4 KB, /feeds 132.0 -> 131.5 KB, one request fewer (2026-12-06).
            { name: 'framework', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 30 },
            // The app's own start-up code (session, query keys and cache updates, the contract's
            // endpoints and limits, the preload helper) in the entry's file: by default each went
            // to a small chunk of its own because lazy pages import it too, six more requests
            // before anything can draw. Measured 2026-11-27: /login 19 -> 14 files and 130.9 ->
            // 129.1 KB gzip, /feeds 46 -> 41 files and 175.9 -> 173.9 KB (one file compresses better).
            { name: 'index', test: (id) => !/[\\/]node_modules[\\/]/.test(id), tags: ['$initial'], priority: 10 },
            // The two pages most visits start on, each in one file with what it alone needs: every
            // small module had a file of its own before (/feeds: 36 files, the Link header's 2,000
            // bytes ran out before the last of them), and one file compresses better than many.
            // The login page first, in two files: its own parts (the page, its frame and form,
            // nothing they import), then the rest of what it draws (the button, the input, the
            // logo), which the feed draws too and so loads from there. Then the signed-in layout
            // with the feed. Measured 2026-12-06: /feeds 136.1 -> 133.4 KB (the login form and the
            // sign-in artwork no longer come with it), /login 119.3 -> 119.8 KB (5 -> 6 files).
            { name: 'login', test: (id) => endsWith(PAGE_MODULES.login)(id) || LOGIN_ONLY.test(id), includeDependenciesRecursively: false, priority: 9 },
            { name: 'controls', test: endsWith(PAGE_MODULES.login), priority: 8 },
            { name: 'feed', test: (id) => endsWith(SHELL_MODULE)(id) || endsWith(PAGE_MODULES.feeds)(id), priority: 6 },
          ],
        },
      },
    },
  },
});
