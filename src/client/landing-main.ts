import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import type { PublicSettingsDto } from '../common/api-types';
import { feeTermsOf, showFeeTerms } from './features/settings/fee-terms';
import { THEME_TOGGLE, themeToggleLabel } from './lib/theme-toggle-label';
import { LANDING_HEADER_ISLAND } from './pages/public/landing/islands';

// The landing document (landing.html), served at / to visitors without a session (decisions 027, 028). Its HTML is
// the whole page, rendered at build time; this script is all that loads with it: no React until a header button is
// pressed (theme or menu), when landing-header-island.tsx hydrates the header alone and the press is replayed.

// The admins' current money terms replace the defaults the build wrote (as the app does once its settings load).
fetch('/api/settings/public', { headers: { accept: 'application/json' } })
  .then((res) => (res.ok ? (res.json() as Promise<PublicSettingsDto>) : undefined))
  .then((settings) => settings && showFeeTerms(document, feeTermsOf(settings)))
  .catch(() => undefined); // offline: the defaults stay quoted

const header = document.querySelector(`[${LANDING_HEADER_ISLAND}]`);
// The build renders the theme button in the light state (its icon follows the theme by CSS); until the header is
// hydrated, its label says what it does in the theme theme-init.js chose.
const themeButton = header?.querySelector(`[${THEME_TOGGLE}]`);
if (themeButton && document.documentElement.classList.contains('dark')) themeButton.setAttribute('aria-label', themeToggleLabel('dark'));

let hydrating: Promise<void> | undefined;
header?.addEventListener(
  'click',
  (event) => {
    if (hydrating) return;
    const button = (event.target as Element).closest('button');
    if (!button) return; // links work as they are
    event.preventDefault();
    event.stopPropagation();
    hydrating = import('./landing-header-island').then(({ hydrateLandingHeader }) => hydrateLandingHeader(header));
    void hydrating.then(() => button.click());
  },
  { capture: true },
);
