// Imported first by main.tsx, before any schema of @pitlane/api/contract is built.
//
// zod compiles object parsers with `new Function` when it may, and probes for that once. The
// production CSP (script-src 'self', no 'unsafe-eval') refuses it, so zod falls back to its
// plain parser anyway; but the refused probe is reported as a CSP violation (DevTools Issues,
// Lighthouse best practices). `jitless` skips the probe and the compilation: same parsing.
import { config } from 'zod';

config({ jitless: true });
