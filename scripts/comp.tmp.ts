import { composition } from '/work/main/scripts/bench-web/composition.ts';
for (const f of process.argv.slice(2)) {
  console.log('== ' + f);
  for (const p of composition([f], 'module')) console.log(p.owner.padEnd(80), (p.raw/1024).toFixed(1), (p.gzip/1024).toFixed(1));
}
