// Lighthouse 13 (mobile emulation and simulated throttling, its defaults; `--throttling devtools`
// for applied throttling) in Debian's Chromium.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { loadAverage, median, ms, num, section, table } from './format.ts';
import { outDir, PAGES, repoRoot, runs, throttling, useTls } from './options.ts';

// Lighthouse starts its own Chromium (chrome-launcher): headless, with the flags every browser test uses.
// --tls: it accepts the run's self-signed certificate (server.ts).
const CHROME_FLAGS = ['--headless=new', ...chromiumArgs, ...(useTls ? ['--ignore-certificate-errors'] : [])];

export interface LighthouseFigures {
  /** Lighthouse's CPU benchmark of the host for this run (higher is faster). */
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  si: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(lhr: Lhr): LighthouseFigures {
  // A category Lighthouse could not score (e.g. a metric failed in one run) is NaN, not 0.
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
  };
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    si: value('speed-index'),
  };
}

/** The audits that cost points in a run: failing ones of the three categories, heaviest first. */
function shortfalls(lhr: Lhr): string[] {
  const lines: Array<{ weight: number; text: string }> = [];
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push({ weight: ref.weight, text: `${id}: ${audit.title}${shown} [score ${audit.score.toFixed(2)}]` });
    }
  }
  return lines.sort((a, b) => b.weight - a.weight).map((l) => l.text);
}

/**
 * The signed-in session put in the browser's cookie jar, as a browser that logged in has it
 * (Lighthouse keeps cookies between its runs' storage resets), with the cookie the app writes on
 * its first run there (how this browser writes dates: apps/web/src/first-screen/state.ts), without
 * which the server does not draw the feed. Not Lighthouse's `extraHeaders`: the page's own cookie
 * then replaced that header on its later requests.
 */
async function putCookies(port: number, url: string, cookie: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const [page] = await browser.pages();
    const dates = await page!.evaluate(() => {
      const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
      return `${locale} ${timeZone}`;
    });
    const session = await browser.target().createCDPSession();
    const pairs = [...cookie.split('; '), `pitlane_dates=${encodeURIComponent(dates)}`];
    const cookies = pairs.map((pair) => {
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      return { name, value: pair.slice(at + 1), url: new URL('/', url).href, httpOnly: name !== 'pitlane_dates', sameSite: 'Lax' as const };
    });
    await session.send('Storage.setCookies', { cookies });
  } finally {
    await browser.disconnect();
  }
}

/** One Lighthouse run in a fresh browser (no warm caches, no state carried over). */
async function lighthouseOnce(url: string, cookie: string | null): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (cookie) await putCookies(chrome.port, url, cookie);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      throttlingMethod: throttling,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const finalUrl = new URL(result.lhr.finalDisplayedUrl);
    if (finalUrl.pathname !== new URL(url).pathname) throw new Error(`Lighthouse ended on ${finalUrl.href}, not ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

export async function runLighthouse(url: string, cookie: string | null, runsPerPage: number, label: string) {
  const results: Array<{ figures: LighthouseFigures; lhr: Lhr }> = [];
  for (let i = 0; i < runsPerPage; i++) {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine:
    // such a run is tried again, twice at most, then left out of the medians.
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const lhr = await lighthouseOnce(url, cookie);
        writeFileSync(path.join(outDir, `${label}-${i + 1}.json`), JSON.stringify(lhr));
        results.push({ figures: figuresOf(lhr), lhr });
        break;
      } catch (error) {
        console.log(`${label} run ${i + 1}, attempt ${attempt}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
  }
  const pick = (key: keyof LighthouseFigures) => median(results.map((r) => r.figures[key]));
  const medianFigures: LighthouseFigures = {
    benchmarkIndex: pick('benchmarkIndex'),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    tbt: pick('tbt'),
    si: pick('si'),
  };
  // The run whose performance score is the median one, for its list of failing audits.
  const scored = results.filter((r) => Number.isFinite(r.figures.performance));
  const byScore = (scored.length ? scored : results).sort((a, b) => a.figures.performance - b.figures.performance);
  const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
  return { runs: results.map((r) => r.figures), median: medianFigures, shortfalls: medianRun ? shortfalls(medianRun.lhr) : [] };
}

export function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export type LighthouseResult = Awaited<ReturnType<typeof runLighthouse>>;

/** Lighthouse on each page of PAGES, `runs` times; prints the medians and returns them by path. */
export async function reportLighthouse(baseUrl: string, cookie: string): Promise<Map<string, LighthouseResult>> {
  const lighthouseResults = new Map<string, LighthouseResult>();
  section(`Lighthouse ${lighthouseVersion()} (mobile emulation, ${throttling === 'devtools' ? 'applied' : 'simulated'} throttling), ${runs} run(s) per page, medians`);
  console.log(`Before the runs: ${loadAverage()}.${os.loadavg()[0]! > os.cpus().length ? ' The machine is busy: expect inflated TBT and LCP.' : ''}\n`);
  for (const page of PAGES) {
    const label = page.path.slice(1);
    lighthouseResults.set(page.path, await runLighthouse(`${baseUrl}${page.path}`, page.signedIn ? cookie : null, runs, label));
  }
  table(
    ['page', 'performance', 'accessibility', 'best-practices', 'FCP', 'LCP', 'CLS', 'TBT', 'Speed Index', 'CPU index'],
    [...lighthouseResults].map(([route, r]) => [
      route,
      num(r.median.performance),
      num(r.median.accessibility),
      num(r.median.bestPractices),
      ms(r.median.fcp),
      ms(r.median.lcp),
      num(r.median.cls, 3),
      ms(r.median.tbt),
      ms(r.median.si),
      num(r.median.benchmarkIndex),
    ]),
  );
  console.log("\nCPU index: Lighthouse's benchmarkIndex of this machine during the runs (higher is faster). Simulated throttling scales");
  console.log('the CPU time it observes by 4, so a slow or busy host inflates TBT and LCP: compare runs made at a similar index.');
  for (const [route, r] of lighthouseResults) {
    console.log(`\n${route} runs (performance / LCP / CLS / TBT): ${r.runs.map((f) => `${num(f.performance)} / ${ms(f.lcp)} / ${num(f.cls, 3)} / ${ms(f.tbt)}`).join(';  ')}`);
    if (r.shortfalls.length) console.log(`${route} audits below 0.9 (median run):\n${r.shortfalls.map((s) => `  - ${s}`).join('\n')}`);
  }
  console.log(`\nLighthouse reports (JSON): ${outDir}`);
  return lighthouseResults;
}
