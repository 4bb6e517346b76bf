// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_KEY } from '../lib/chunk-reload';
import { lazyDialog, LazyOutsideRoutes, LazyWhenOpened } from './lazy-parts';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../lib/chunk-reload', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/chunk-reload')>()), reloadPage }));

beforeEach(() => {
  sessionStorage.clear();
  reloadPage.mockClear();
});
afterEach(cleanup);

function Dialog({ open, label }: { open?: boolean; label: string }) {
  return <p>{`${label} ${open === false ? 'closed' : 'open'}`}</p>;
}

/** A page with a button that opens `Shown` and one that closes it. */
function Opener({ Shown }: { Shown: React.ComponentType<{ open: boolean; label: string }> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <button onClick={() => setOpen(false)}>Close</button>
      <Shown open={open} label="Payment" />
    </>
  );
}

describe('lazyDialog', () => {
  it('loads nothing while closed, loads and draws the dialog when opened, and keeps it mounted once closed', async () => {
    const load = vi.fn(async () => Dialog);
    const LazyPayment = lazyDialog(load);
    render(<Opener Shown={LazyPayment} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Payment/)).toBeNull();

    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByText('Payment open')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.getByText('Payment closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws a dialog without an `open` prop as soon as it is rendered', async () => {
    const LazyDetail = lazyDialog(async () => Dialog);
    render(<LazyDetail label="Detail" />);
    expect(await screen.findByText('Detail open')).toBeTruthy();
  });
});

describe('LazyWhenOpened', () => {
  it('draws its children from the first opening on', () => {
    const { rerender } = render(
      <LazyWhenOpened open={false}>
        <p>Sheet</p>
      </LazyWhenOpened>,
    );
    expect(screen.queryByText('Sheet')).toBeNull();
    rerender(
      <LazyWhenOpened open>
        <p>Sheet</p>
      </LazyWhenOpened>,
    );
    rerender(
      <LazyWhenOpened open={false}>
        <p>Sheet</p>
      </LazyWhenOpened>,
    );
    expect(screen.getByText('Sheet')).toBeTruthy();
  });
});

describe('LazyOutsideRoutes', () => {
  const Failing = ({ error }: { error: Error }) => {
    throw error;
  };

  it('reloads once for a stale chunk, and leaves the part out without breaking what is beside it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <p>Page</p>
        <LazyOutsideRoutes>
          <Failing error={new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/toaster-old.js')} />
        </LazyOutsideRoutes>
      </>,
    );
    expect(screen.getByText('Page')).toBeTruthy();
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOAD_KEY)).not.toBeNull();
  });

  it('does not reload for another error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <LazyOutsideRoutes>
        <Failing error={new Error('a bug')} />
      </LazyOutsideRoutes>,
    );
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
