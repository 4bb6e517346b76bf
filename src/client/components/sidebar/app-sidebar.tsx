import { lazy } from 'react';
import { UI } from '../../../common/constants';
import type { UserDto } from '../../../common/api-types';
import { usePreloadWhenIdle } from '../../lib/when-idle';
import { LazyWhenOpened } from '../lazy-parts';
import { SidebarBody, type Current } from './sidebar-body';
import { useSidebar } from './sidebar-state';

const loadMobileSidebar = () => import('./mobile-sidebar');
const MobileSidebar = lazy(() => loadMobileSidebar().then((m) => ({ default: m.MobileSidebar })));

/**
 * The signed-in sidebar (spec 2). The current page's link is the URL's (its path, an alias, or a page under it), unless
 * the shell says otherwise through `current` (a request's page, for a mediator; null marks none).
 */
export function AppSidebar({ user, current }: { user: UserDto; current?: Current }) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  // On a narrow screen the sheet's code (Radix's dialog) is fetched once the page is idle, and drawn when first opened.
  usePreloadWhenIdle(loadMobileSidebar, isMobile);
  if (isMobile) {
    return (
      <LazyWhenOpened open={openMobile}>
        <MobileSidebar user={user} current={current} open={openMobile} onOpenChange={setOpenMobile} />
      </LazyWhenOpened>
    );
  }
  return (
    <aside
      className="sticky top-0 hidden h-dvh shrink-0 border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 md:block"
      style={{ width: open ? UI.sidebarWidth : UI.sidebarWidthIcon }}
      data-state={open ? 'expanded' : 'collapsed'}
      aria-label="Sidebar"
    >
      <SidebarBody user={user} collapsed={!open} current={current} />
    </aside>
  );
}
