import { describe, expect, it } from 'vitest';
import { renderShellFrame } from './shell-prerender';

// Decision 033: the build draws the signed-in shell's frame into the shell's document; the app replaces it.
describe('the signed-in shell frame drawn at build time', () => {
  it('is the header bar with the sidebar icon and an empty main area, nothing to press or follow', () => {
    const html = renderShellFrame();
    expect(html).toContain('<header');
    expect(html).toContain('<svg');
    expect(html).toMatch(/<main id="main"[^>]*><\/main>/);
    expect(html).not.toMatch(/<(a|button|input|select|textarea)\b/);
  });
});
