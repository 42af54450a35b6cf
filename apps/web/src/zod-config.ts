// `zod` as the web app's build resolves it (apps/web/vite.config.ts aliases the bare name here):
// zod itself, set to `jitless` before any module that imports it can build a schema.
//
// zod compiles object parsers with `new Function` when it may, and probes for that once. The
// production CSP (script-src 'self', no 'unsafe-eval') refuses it, so zod falls back to its
// plain parser anyway; but the refused probe is reported as a CSP violation (DevTools Issues,
// Lighthouse best practices). `jitless` skips the probe and the compilation: same parsing.
//
// Set here, where zod loads, rather than by main.tsx at start: a production build loads zod only
// with the contract's schemas (an upload, a report), and a start-up import of zod's config kept zod's
// shared core (3.7 KB gzip) in every page's first load (issue 22).
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
