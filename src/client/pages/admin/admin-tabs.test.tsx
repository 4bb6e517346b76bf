// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminTabs } from './admin-tabs';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminTabs />
    </MemoryRouter>,
  );

describe('AdminTabs', () => {
  it('lists every admin section in order as links', () => {
    renderAt('/admin');
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Overview', '/admin'],
      ['Users', '/admin/users'],
      ['Mediations', '/admin/mediations'],
      ['Payments', '/admin/payments'],
      ['Ratings', '/admin/ratings'],
      ['Settings', '/admin/settings'],
      ['Support', '/admin/support'],
      ['Disputes', '/admin/disputes'],
      ['Audit log', '/admin/audit'],
    ]);
  });

  it.each([
    ['/admin', 'Overview'],
    ['/admin/dashboard', 'Overview'],
    ['/admin/analytics/', 'Overview'],
    ['/admin/users/123', 'Users'],
    ['/admin/audit', 'Audit log'],
  ])('marks the current tab at %s', (path, label) => {
    renderAt(path);
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([label]);
  });

  it('is a navigation landmark of its own', () => {
    renderAt('/admin/users');
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeTruthy();
  });

  // jsdom lays nothing out: the strip and its tabs are given the sizes a 375 px screen gives them (nine tabs of 100 px
  // in a 340 px strip), so the test sees where the strip is scrolled to and which edges fade.
  function layOut() {
    const widthOf = (el: HTMLElement) => (el.tagName === 'A' ? 100 : el.tagName === 'DIV' ? 340 : 0);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return widthOf(this);
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return widthOf(this);
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'DIV' ? 900 : widthOf(this);
    });
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      const li = this.closest('li');
      return li ? [...li.parentElement!.children].indexOf(li) * 100 : 0;
    });
  }
  const strip = () => screen.getByRole('navigation', { name: 'Admin sections' }).firstElementChild as HTMLElement;

  it.each([
    // The last tab: as far as the strip goes (900 − 340), not past it.
    ['/admin/audit', 560],
    ['/admin/settings', 500 - 120],
    ['/admin', 0],
    ['/admin/users', 0],
  ])('at %s scrolls the current tab to the middle of a strip too narrow for all tabs', (path, scrollLeft) => {
    layOut();
    renderAt(path);
    expect(strip().scrollLeft).toBe(scrollLeft);
  });

  it('fades the ends the strip can still scroll towards, and none when every tab fits', () => {
    layOut();
    renderAt('/admin/settings');
    expect(strip().dataset.fade).toBe('both');
    fireEvent.scroll(strip(), { target: { scrollLeft: 0 } });
    expect(strip().dataset.fade).toBe('end');
    fireEvent.scroll(strip(), { target: { scrollLeft: 560 } });
    expect(strip().dataset.fade).toBe('start');
    cleanup();
    vi.restoreAllMocks();
    renderAt('/admin/settings');
    expect(strip().dataset.fade).toBe('none');
  });

  it('scrolls a tab that takes the focus whole into view, clear of the fades', () => {
    layOut();
    renderAt('/admin');
    const link = (name: string) => screen.getByRole('link', { name });
    act(() => link('Payments').focus());
    // Tab 4 of 100 px ends at 400; with the 24 px fade the strip must show up to 424 of its 340 px: scrolled by 84.
    expect(strip().scrollLeft).toBe(84);
    act(() => link('Mediations').focus());
    expect(strip().scrollLeft).toBe(84);
    act(() => link('Overview').focus());
    expect(strip().scrollLeft).toBe(0);
  });
});
