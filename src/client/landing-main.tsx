import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { PublicSettingsDto } from '../common/api-types';
import { feeTermsOf } from './features/settings/fee-terms';
import { usePageTitle } from './lib/use-page-title';
import { LandingContent } from './pages/public/landing/landing-content';

// The landing document (landing.html), served at / to visitors without a session (decision 027): the landing page
// alone, with no router, query cache or app shell, so the first visit loads a fraction of the app's JavaScript; its
// HTML is rendered at build time and hydrated here. Its links are plain ones into the app.

function LandingDocument() {
  usePageTitle(null);
  const [settings, setSettings] = useState<PublicSettingsDto>();
  useEffect(() => {
    fetch('/api/settings/public', { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<PublicSettingsDto>) : undefined))
      .then(setSettings)
      .catch(() => undefined); // the defaults stay quoted, as the app does while loading or offline
  }, []);
  useEffect(() => {
    // The browser looked for the #fragment before the sections existed.
    if (window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, []);
  return <LandingContent fees={feeTermsOf(settings)} />;
}

const root = document.getElementById('root')!;
const page = (
  <StrictMode>
    <LandingDocument />
  </StrictMode>
);
// The build renders the page into the document (landing-prerender.tsx); Vite's dev server serves it empty.
if (root.firstElementChild) hydrateRoot(root, page);
else createRoot(root).render(page);
