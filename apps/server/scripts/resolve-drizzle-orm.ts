// Preloaded by the db:* scripts (NODE_OPTIONS=--import) so that drizzle-kit finds drizzle-orm.
//
// Why: npm installs drizzle-orm under apps/server/node_modules but drizzle-kit at the root, and
// drizzle-kit loads drizzle-orm by bare name from its own folder, so it prints "Please install
// latest version of drizzle-orm" and does nothing. This resolve hook points every `drizzle-orm`
// import and require at this package's copy. It is harmless once drizzle-orm is hoisted to the
// root node_modules, and can then be removed.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const fromServer = new URL('../package.json', import.meta.url).href;
const requireFromServer = createRequire(fromServer);
let inside = false; // requireFromServer.resolve runs these hooks again


registerHooks({
  resolve(specifier, context, nextResolve) {
    if (inside || (specifier !== 'drizzle-orm' && !specifier.startsWith('drizzle-orm/'))) {
      return nextResolve(specifier, context);
    }
    if (context.conditions.includes('require')) {
      inside = true;
      try {
        return { url: pathToFileURL(requireFromServer.resolve(specifier)).href, format: 'commonjs', shortCircuit: true };
      } finally {
        inside = false;
      }
    }
    return nextResolve(specifier, { ...context, parentURL: fromServer });
  },
});
