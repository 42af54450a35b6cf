import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// axe-core, the engine @axe-core/playwright runs (resolved through it, so the two never differ).
// It runs in the page directly rather than through AxeBuilder.analyze(), which injects the
// 500 kB engine into the page again for every check and finishes each one in a new blank page:
// 1–2 s a check on CI's two cores, against about 0.1 s this way, for the same rules and results.
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Loads axe into every document the page opens from now on (once each, before the app runs). */
export async function withAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: axeSource });
}

/** Waits until the page is still: no transition or finite animation running (dialogs fade and slide in). */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Axe (every rule of axe-core's default set: WCAG 2.x A/AA and best practices) on what the page
 * shows now. A soft assertion: each page's violations are reported, with the elements, and the
 * test goes on to the next page.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await settled(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
  });
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect.soft(found, `axe on ${what}`).toEqual([]);
}
