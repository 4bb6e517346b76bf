import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { PageLoading } from './components/page-loading';
import { prefetchCurrentUser } from './lib/current-user';

// zod (the forms' schemas) probes for `new Function` on its first object parse to compile a faster parser; the CSP
// (script-src 'self') refuses it and Chromium reports the violation. Jitless skips the probe. Set through the global
// zod takes its configuration from when it loads (zod/v4/core's `globalThis.__zod_globalConfig`, what `z.config`
// writes), so that this entry does not load zod itself on pages without forms.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });

const userKnown = prefetchCurrentUser();

const root = document.getElementById('root')!;
// The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task (on a slow phone the shell's first render is a few hundred ms of script).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <Suspense fallback={<PageLoading />}>
              <AppRoutes />
            </Suspense>
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
// The render starts once the first page's code is there (the shell's layout and the page, app/router.tsx), so it draws
// in one step; a module that fails to load fails again as the route draws, and its error boundary shows it.
const pageReady = preloadRoute(window.location.pathname).catch(() => undefined);
// A page the build drew into the document (/auth, decision 030; the signed-in shell's frame, decision 033) also waits
// for the user, so the live page replaces it in one step instead of through a blank screen or a loading skeleton.
void (root.firstElementChild ? Promise.all([pageReady, userKnown]) : pageReady).then(render);
