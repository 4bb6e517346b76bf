import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { feeTermsOf } from './features/settings/fee-terms';
import { LandingContent } from './pages/public/landing/landing-content';

/**
 * The landing page's HTML, rendered at build time into landing.html (scripts/build.mjs, decision 027): the page is
 * drawn before any JavaScript runs, then landing-main.ts hydrates the header alone, on its first use (decision 028). The fee terms are the defaults, as the first
 * client render's are; the admins' current terms replace them once fetched.
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingContent fees={feeTermsOf(undefined)} />
    </StrictMode>,
  );
}
