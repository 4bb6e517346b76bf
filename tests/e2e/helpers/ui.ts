import { expect, type Locator, type Page } from '@playwright/test';

/** Below the 768 px breakpoint (spec 9) the navigation lives in sheets. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** The landing header's links: in the header on desktop, behind the "Open menu" sheet on a phone. */
export async function landingHeaderLink(page: Page, name: string): Promise<Locator> {
  if (!isPhone(page)) return page.getByRole('banner').getByRole('link', { name, exact: true });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu.getByRole('link', { name, exact: true });
}

/** The signed-in sidebar: the aside on desktop; on a phone the menu button opens it as a sheet (spec 2). */
export async function openSidebar(page: Page): Promise<Locator> {
  if (!isPhone(page)) {
    const aside = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(aside).toBeVisible();
    return aside;
  }
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
  const trigger = page.getByRole('button', { name: /toggle sidebar/i });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await trigger.click();
  const sheet = page.getByRole('dialog', { name: 'Navigation' });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** The card (nearest container with links or buttons) that a heading titles. */
export function cardTitled(page: Page, heading: string): Locator {
  return page.getByRole('heading', { name: heading, exact: true }).locator('xpath=ancestor::*[.//a or .//button][1]');
}

/** The value under a dashboard stat card's label. */
export function statValue(page: Page, label: string): Locator {
  return page.getByRole('region', { name: 'Summary' }).getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
}

/** Marks the current document so a test can tell a full page load from a client-side navigation. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function expectDocumentReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark ?? null)).toBeNull();
}

/** The pathname once the client has settled (redirects included). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { message: `path should become ${pathname}` }).toBe(pathname);
}

/** A form control by its exact label, ignoring the required-field asterisk that FormField appends (aria-hidden). */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

/**
 * At the phone width (375 px, DESIGN 5) the page must not scroll sideways: the document is no wider than the
 * viewport. At other widths this checks nothing, so journeys can call it on every page they visit.
 */
export async function expectNoHorizontalOverflow(page: Page, label = page.url()): Promise<void> {
  if (page.viewportSize()?.width !== 375) return;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${label} is ${scrollWidth} px wide at 375 px`).toBeLessThanOrEqual(375);
}
