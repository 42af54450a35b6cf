// Where /feeds spends its main thread (issue 22): loads the signed-in page in Chromium at 4× CPU
// slowdown (Lighthouse's mobile figure) with the V8 profiler on, then prints the self time of the
// heaviest functions and the long tasks. For builds made with `vite build --minify false` the
// function names are the source's.
//
//   npm run bench:web-profile -- [--dist DIR] [--data-from DIR] [--runs N] [--top N] [--path /feeds] [--tasks]
//
// --dist and --data-from as for bench:web (a build made elsewhere; a DATA_DIR seeded before).
// Figures of one run are noisy (±30% on a shared host): compare builds over several runs each.
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { option } from './options.ts';
import { returningPhone } from './returning-phone.ts';
import { signIn, startServer } from './server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * --tasks: each stretch of the main thread busy for 50 ms or more (samples with no idle between
 * them, so tasks that follow each other without a pause count as one) and the functions it spent
 * the most self time in: what the long tasks were.
 */
function printTasks(profile: Profile, nodes: Map<number, ProfileNode>) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  let task: { start: number; ms: number; self: Map<string, number>; roots: Map<string, number> } | undefined;
  let at = 0;
  const flush = () => {
    if (task && task.ms >= 50) {
      const topOf = (map: Map<string, number>, n: number) =>
        [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ');
      console.log(`  task at ${(task.start / 1000).toFixed(0)} ms, ${task.ms.toFixed(0)} ms: roots [${topOf(task.roots, 3)}]; self [${topOf(task.self, 6)}]`);
    }
    task = undefined;
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += ms * 1000;
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)') return flush();
    task ??= { start: at, ms: 0, self: new Map(), roots: new Map() };
    task.ms += ms;
    const name = node.callFrame.functionName || '(anonymous)';
    task.self.set(name, (task.self.get(name) ?? 0) + ms);
    // The frame just under the profile's root: what the event loop called.
    let rootChild = id;
    while (parent.has(parent.get(rootChild)!) ) rootChild = parent.get(rootChild)!;
    const root = nodes.get(rootChild)!.callFrame;
    const rootName = `${root.functionName || '(anonymous)'}@${root.url.split('/').pop()}:${root.lineNumber + 1}`;
    task.roots.set(rootName, (task.roots.get(rootName) ?? 0) + ms);
  });
  flush();
  console.log(`  (${profile.samples.length} samples, ${(at / 1e6).toFixed(1)} s)`);
}

const route = option('--path') ?? '/feeds';
const runs = Number(option('--runs') ?? 3);
const top = Number(option('--top') ?? 40);

const served = await startServer();
try {
  const cookie = await signIn(served.baseUrl, served.account);
  const selfByFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let totalMs = 0;
  for (let run = 0; run < runs; run++) {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    const context = await returningPhone(browser, served.baseUrl, cookie);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.start');
    await page.goto(`${served.baseUrl}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(3000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(Math.round(entries[entries.length - 1]!.startTime));
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(-1), 1000);
        }),
    );
    const cards = await page.locator('[data-slot="post-list"] li').count();
    console.log(`run ${run + 1}: ${cards} cards, LCP ${lcp} ms, long tasks (4×): ${longTasks.join(', ')} — blocking ${longTasks.reduce((s, d) => s + Math.max(0, d - 50), 0)} ms`);
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    if (process.argv.includes('--tasks')) printTasks(profile, nodes);
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id)!;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(idle)' || functionName === '(program)') return;
      const file = url.split('/').pop() || '(native)';
      const key = `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
      selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + ms);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      totalMs += ms;
    });
    await browser.close();
  }
  const print = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title} (self time, mean of ${runs} runs, ms at 4×)`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${(ms / runs).toFixed(1).padStart(8)}  ${key}`);
  };
  console.log(`\nbusy: ${(totalMs / runs).toFixed(0)} ms per run`);
  print('By file', byFile, 15);
  print('By function', selfByFunction, top);
} finally {
  await served.stop();
}
