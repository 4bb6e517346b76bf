import { describe, expect, it } from 'vitest';
import { disableControls, renderAuthCopy } from './auth-prerender';

// Decision 030: the build draws /auth into its document; the app replaces the copy with the live page.
describe('the sign-in page drawn at build time', () => {
  it('is the page: its heading, both tabs and the form for the chosen one', () => {
    const login = renderAuthCopy('login');
    expect(login).toContain('Welcome back');
    expect(login).toMatch(/autoComplete="current-password"|autocomplete="current-password"/);
    const signup = renderAuthCopy('signup');
    expect(signup).toContain('Create your account');
    expect(signup).toMatch(/autocomplete="new-password"/i);
  });

  it('has every control disabled, so nothing can be typed, pressed or submitted before the app runs', () => {
    for (const tab of ['login', 'signup'] as const) {
      const html = renderAuthCopy(tab);
      const controls = [...html.matchAll(/<(input|button|select|textarea)\b[^>]*>/g)].map(([tag]) => tag);
      expect(controls.length, tab).toBeGreaterThan(3);
      expect(
        controls.filter((tag) => !/\sdisabled=""/.test(tag)),
        tab,
      ).toEqual([]);
    }
  });

  it('disables a control once, whatever it already says', () => {
    expect(disableControls('<button type="button">a</button><input disabled="" name="x"/><input disabled name="y">')).toBe(
      '<button disabled="" type="button">a</button><input disabled="" name="x"/><input disabled name="y">',
    );
  });
});
