import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/utils';

/** The admin dashboard's tabs, in the spec's order; each is its own route under /admin. */
const ADMIN_TABS: ReadonlyArray<{ label: string; to: string; aliases?: readonly string[] }> = [
  { label: 'Overview', to: '/admin', aliases: ['/admin/dashboard', '/admin/analytics'] },
  { label: 'Users', to: '/admin/users' },
  { label: 'Mediations', to: '/admin/mediations' },
  { label: 'Payments', to: '/admin/payments' },
  { label: 'Ratings', to: '/admin/ratings' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Support', to: '/admin/support' },
  { label: 'Disputes', to: '/admin/disputes' },
  { label: 'Audit log', to: '/admin/audit' },
];

function isActive(pathname: string, tab: (typeof ADMIN_TABS)[number]): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === tab.to || tab.aliases?.includes(path)) return true;
  // A tab's sub-pages (e.g. /admin/users/123) keep it highlighted; the overview matches only exactly.
  return tab.to !== '/admin' && path.startsWith(`${tab.to}/`);
}

type Fade = 'none' | 'start' | 'end' | 'both';

/** Which ends the strip can still scroll towards (1 px of slack for fractional widths). */
function fadeOf(strip: HTMLElement): Fade {
  const before = strip.scrollLeft > 1;
  const after = strip.scrollLeft < strip.scrollWidth - strip.clientWidth - 1;
  return before && after ? 'both' : before ? 'start' : after ? 'end' : 'none';
}

/** The width of the fades (1.5rem): a tab brought into view clears them. */
const FADE_PX = 24;

/**
 * Scrolls the strip the least that shows `tab` whole and clear of the fades. Chromium scrolls a focused element only
 * when none of it shows, so a tab half under the edge would take the focus ring out of sight.
 */
function reveal(strip: HTMLElement, tab: HTMLElement): void {
  const start = tab.offsetLeft - FADE_PX;
  const end = tab.offsetLeft + tab.offsetWidth + FADE_PX - strip.clientWidth;
  if (strip.scrollLeft > start) strip.scrollLeft = Math.max(0, start);
  else if (strip.scrollLeft < end) strip.scrollLeft = Math.min(strip.scrollWidth - strip.clientWidth, end);
}

/** The fade at an end the strip can scroll towards: the tab cut off there says there is more. */
const FADE_CLASSES: Record<Fade, string> = {
  none: '',
  start: '[mask-image:linear-gradient(to_right,transparent,#000_1.5rem)]',
  end: '[mask-image:linear-gradient(to_left,transparent,#000_1.5rem)]',
  both: '[mask-image:linear-gradient(to_right,transparent,#000_1.5rem,#000_calc(100%-1.5rem),transparent)]',
};

/**
 * The tab bar under every admin page's heading: a nav of links, the current one marked `aria-current="page"`. Nine
 * tabs do not fit a phone (or a tablet beside the sidebar), so the bar scrolls sideways inside its own box — the page
 * never does — and each page opens with its own tab scrolled to the middle, so the current tab is always in view
 * (issue 21). Focus moving along the bar scrolls it too, so the focused tab shows whole.
 */
export function AdminTabs() {
  const { pathname } = useLocation();
  const stripRef = useRef<HTMLDivElement>(null);
  const [fade, setFade] = useState<Fade>('none');

  const measure = useCallback(() => {
    if (stripRef.current) setFade(fadeOf(stripRef.current));
  }, []);

  // Before the first paint: the current tab in the middle of the strip (the browser clamps at either end).
  useLayoutEffect(() => {
    const strip = stripRef.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (strip && current) {
      const centred = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
      strip.scrollLeft = Math.max(0, Math.min(strip.scrollWidth - strip.clientWidth, centred));
    }
    measure();
  }, [pathname, measure]);

  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  return (
    <nav aria-label="Admin sections" className="-mx-1 min-w-0">
      <div
        ref={stripRef}
        onScroll={measure}
        onFocus={(e) => {
          if (e.target instanceof HTMLAnchorElement) reveal(e.currentTarget, e.target);
        }}
        data-fade={fade}
        className={cn('relative overflow-x-auto overscroll-x-contain [scrollbar-width:thin]', FADE_CLASSES[fade])}
      >
        <ul className="flex min-w-max gap-1 border-b px-1">
          {ADMIN_TABS.map((tab) => {
            const active = isActive(pathname, tab);
            return (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    '-mb-px inline-flex h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                    active ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
