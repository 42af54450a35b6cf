// Tool configs run on the pinned Node 24 only when started through `npm run` / `npx`
// (node_modules/.bin/node comes first on PATH). Say so plainly instead of crashing obscurely.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  throw new Error(
    `Pitlane needs Node 24 (found ${process.versions.node}). Run tools through "npm run …" or "npx …", ` +
      'which use the pinned node_modules/.bin/node; if that is missing, run "npm rebuild node".',
  );
}
export {};
