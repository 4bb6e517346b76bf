import { describe, expect, it } from 'vitest';
import { renderLanding } from './landing-prerender';

// Decision 027: the build writes this HTML into landing.html, so the page is drawn before its JavaScript runs.
describe('the landing page rendered at build time', () => {
  const html = renderLanding();

  it('holds the whole page: header, every section, footer', () => {
    expect(html).toMatch(/<h1[^>]*>Connecting lawyers with <span[^>]*>professional mediators<\/span><\/h1>/);
    for (const id of ['home', 'for-lawyers', 'for-mediators', 'how-it-works', 'blog']) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('<footer');
  });

  it('quotes the default terms, as the first client render does (no hydration mismatch)', () => {
    expect(html).toContain('$250');
  });

  it('links with plain anchors into the app (no router in the landing document)', () => {
    expect(html).toContain('href="/auth?tab=signup"');
    expect(html).toContain('href="/auth"');
    expect(html).toContain('href="/privacy"');
  });
});

// Decision 028: the landing document hydrates only the header and fills the money terms in without React.
describe('the landing document without React', () => {
  it('marks every money term and the header island in the built HTML', () => {
    const html = renderLanding();
    const marked = [...html.matchAll(/data-fee-term="(\w+)"[^>]*>([^<]*)</g)].map(([, name, text]) => `${name}=${text}`);
    expect(marked).toEqual(expect.arrayContaining(['deposit=$250', 'minimumFee=$50', 'commission=10%', 'matchWindowMinutes=20']));
    expect(html).toMatch(/<div data-landing-header="" class="contents"><header/);
  });
});
