import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AuthPage } from './pages/account/auth-page';

/** The two ways into /auth that the build draws in advance (decision 030). */
export const AUTH_COPIES = { login: '/auth', signup: '/auth?tab=signup' } as const;

/**
 * The sign-in page as first drawn, rendered at build time into the signed-out app document for /auth (decision 030):
 * it shows before any JavaScript has run, with every control disabled, and the app replaces it with the live page as
 * soon as it has the page's code. Disabled, so nothing typed or pressed in the meantime is lost or sent natively.
 */
export function renderAuthCopy(tab: keyof typeof AUTH_COPIES): string {
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[AUTH_COPIES[tab]]}>
          <AuthPage />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return disableControls(html);
}

/** Every input, button, select and textarea of the copy gets `disabled` (the live page enables them). */
export function disableControls(html: string): string {
  return html.replace(/<(input|button|select|textarea)\b(?![^>]*\sdisabled[\s=>])/g, '<$1 disabled=""');
}
