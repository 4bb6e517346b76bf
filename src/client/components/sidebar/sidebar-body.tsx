import { LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import type { UserDto } from '../../../common/api-types';
import { cn } from '../../lib/utils';
import { Logo, LogoMark } from '../brand/logo';
import { UserAvatar } from '../ui/avatar';
import { isCurrentItem, navItemsFor } from './nav-items';

// Radix's tooltip and the positioning code under it (about 12 KB gzip) are not in the shell's first load.
const Tooltip = lazy(() => import('../ui/tooltip').then((m) => ({ default: m.Tooltip })));

/** `current`: the path of the link to mark as the current page instead of the URL's, or null for none. */
export type Current = string | null | undefined;

export function SidebarBody({ user, collapsed, current, onNavigate }: { user: UserDto; collapsed: boolean; current: Current; onNavigate?: () => void }) {
  const items = navItemsFor(user.role);
  const { pathname } = useLocation();
  const isCurrent = (item: (typeof items)[number]) => (current === undefined ? isCurrentItem(item, pathname) : item.to === current);
  const linkClass = (active: boolean) =>
    cn(
      'flex h-10 items-center gap-3 rounded-md text-sm font-medium transition-colors hover:bg-sidebar-accent focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0',
      active && 'bg-sidebar-accent text-foreground',
      collapsed ? 'justify-center px-0' : 'px-3',
    );
  // Only the collapsed (icons only) sidebar names its links in tooltips; their code loads with the first such sidebar.
  const withTooltip = (label: string, node: React.ReactElement) =>
    collapsed ? (
      <Suspense fallback={node}>
        <Tooltip content={label}>{node}</Tooltip>
      </Suspense>
    ) : (
      node
    );
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-16 items-center border-b border-sidebar-border', collapsed ? 'justify-center px-0' : 'px-4')}>
        {collapsed ? <LogoMark className="size-7" /> : <Logo to="/dashboard" />}
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              {withTooltip(
                item.label,
                // Which link is current is decided here, not by NavLink's URL prefix: at an alias (/admin), and on a
                // request's page, which belongs under the link the viewer came from (requestPageNavPath).
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  className={linkClass(isCurrent(item))}
                  aria-current={isCurrent(item) ? 'page' : undefined}
                  aria-label={collapsed ? item.label : undefined}
                >
                  <item.icon aria-hidden="true" />
                  {collapsed ? null : <span>{item.label}</span>}
                </Link>,
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-sidebar-border p-2">
        {collapsed ? null : (
          <div className="mb-1 flex items-center gap-3 px-2 py-2">
            <UserAvatar src={user.profileImageUrl} firstName={user.firstName} lastName={user.lastName} />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">
                {user.firstName} {user.lastName}
              </p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
          </div>
        )}
        {/* Sign Out is a browser navigation to /api/logout (spec 2). */}
        {withTooltip(
          'Sign Out',
          <a href="/api/logout" className={linkClass(false)} aria-label={collapsed ? 'Sign Out' : undefined}>
            <LogOut aria-hidden="true" />
            {collapsed ? null : <span>Sign Out</span>}
          </a>,
        )}
      </div>
    </div>
  );
}
