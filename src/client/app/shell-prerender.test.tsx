import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FIRST_NAME_SLOT, SIDEBAR_WIDTH_SLOT } from '../../common/shell-sections';
import { DashboardHeading } from '../pages/app/dashboard-heading';
import { renderDashboardFrame, renderShellFrame } from './shell-prerender';

// Decision 033: the build draws the signed-in shell's frame into the shell's document; the app replaces it.
describe('the signed-in shell frame drawn at build time', () => {
  it('is the header bar with the sidebar icon and an empty main area, nothing to press or follow', () => {
    const html = renderShellFrame();
    expect(html).toContain('<header');
    expect(html).toContain('<svg');
    expect(html).toMatch(/<main id="main"[^>]*><\/main>/);
    expect(html).not.toMatch(/<(a|button|input|select|textarea)\b/);
    // The sidebar's place from 768 px, its width a slot the server fills from the sidebar's cookie (decision 064).
    expect(html).toContain(`md:block" style="width:${SIDEBAR_WIDTH_SLOT}"></div>`);
  });

  // Decision 064: the dashboard's document has the page's heading, the name left for the server to fill.
  it.each(['lawyer', 'mediator'] as const)("the %s dashboard's frame holds the live page's heading, the name as a slot", (role) => {
    const html = renderDashboardFrame(role);
    const heading = renderToStaticMarkup(<DashboardHeading firstName={FIRST_NAME_SLOT} role={role} />);
    expect(html).toContain(
      `<main id="main" class="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"><div class="drawn-heading grid gap-8">${heading}</div></main>`,
    );
    expect(html.split(FIRST_NAME_SLOT)).toHaveLength(2);
    expect(html).toContain(`Welcome back, ${FIRST_NAME_SLOT}!</h1>`);
    expect(html).toContain(role === 'lawyer' ? 'Here is where your mediation requests stand.' : 'Here is your mediation practice at a glance.');
    expect(html).not.toMatch(/<(a|button|input|select|textarea)\b/);
  });
});
