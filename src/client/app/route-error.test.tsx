// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_KEY } from '../lib/chunk-reload';
import { RouteBoundary } from './route-error';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../lib/chunk-reload', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/chunk-reload')>()), reloadPage }));

/** A route whose page fails to load the way `fail` says. */
function renderFailingRoute(fail: () => never) {
  const Page = lazy(async () => fail());
  render(
    <MemoryRouter>
      <RouteBoundary standalone>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </RouteBoundary>
    </MemoryRouter>,
  );
}

const staleChunk = () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/page-old.js');
};

beforeEach(() => {
  sessionStorage.clear();
  reloadPage.mockClear();
});
afterEach(cleanup);

describe('RouteError', () => {
  it('reloads once by itself when a chunk is stale', async () => {
    renderFailingRoute(staleChunk);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOAD_KEY)).not.toBeNull();
  });

  it('does not reload again right after an automatic reload: it shows the message and Reload', async () => {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    renderFailingRoute(staleChunk);
    expect(await screen.findByRole('heading', { name: 'A new version is available' })).toBeTruthy();
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows a friendly message, not the error text, for a bug, and never reloads by itself', async () => {
    renderFailingRoute(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'map')");
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText(/reading 'map'/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
