import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe on the page as it is now (DESIGN 5: "axe finds no violation on any page"). Waits for the page to settle first:
 * fonts loaded, no skeletons, no animation in flight, so colour contrast is measured on the final colours.
 * `bestPractice` adds axe's best-practice rules to the WCAG ones (heading order, landmarks): what axe's own default
 * run reports, as a reviewer running axe on the page would see it.
 */
export async function expectAccessible(page: Page, label = page.url(), options: { bestPractice?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).withTags(options.bestPractice ? [...TAGS, 'best-practice'] : TAGS).analyze();
  const report = results.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
      .join('\n');
    return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n  ${v.helpUrl}\n${nodes}`;
  });
  expect(results.violations.length, `axe violations on ${label}:\n${report.join('\n')}`).toBe(0);
}
