import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { prefetchCurrentUser } from './lib/current-user';

prefetchCurrentUser();

const root = document.getElementById('root')!;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
// A page the build drew into the document (/auth, decision 030) stays until the router has the page's code, so the
// live page replaces it in one step instead of through a blank screen.
if (root.firstElementChild && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
} else render();
