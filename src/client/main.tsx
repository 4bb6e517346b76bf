import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
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
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});
// The render starts once the router has the first page's code. React Router's RouterProvider reads the router's state
// as it renders and subscribes to changes only when it commits; a time-sliced render yields in between, so a route
// that finished loading in that gap was never seen and the page stayed blank (seen in CI: /auth signed in, /dashboard
// signed out). Before the router is ready the provider would draw nothing anyway.
// A page the build drew into the document (/auth, decision 030; the signed-in shell's frame, decision 033) also waits
// for the user, so the live page replaces it in one step instead of through a blank screen or a loading skeleton.
void (root.firstElementChild ? Promise.all([routerReady, userKnown]) : routerReady).then(render);
