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

/** The tab bar under every admin page's heading. It scrolls sideways on narrow screens instead of wrapping. */
export function AdminTabs() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Admin sections" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b px-1">
        {ADMIN_TABS.map((tab) => {
          const active = isActive(pathname, tab);
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
