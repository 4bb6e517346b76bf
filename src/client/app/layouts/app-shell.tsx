import { PanelLeft } from 'lucide-react';
import { Suspense } from 'react';
import type { UserDto } from '../../../common/api-types';
import { Link, Outlet } from 'react-router';
import { AppSidebar } from '../../components/sidebar/app-sidebar';
import { SidebarProvider, useSidebar } from '../../components/sidebar/sidebar-state';
import { ImpersonationBanner } from '../../components/impersonation-banner';
import { PageLoading } from '../../components/page-loading';
import { ThemeToggle } from '../../components/theme-toggle';
import { UserAvatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/current-user';
import { useRealtimeConnection } from '../../lib/realtime';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useSidebarCurrent } from './sidebar-current';

function SidebarTrigger() {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  const expanded = isMobile ? openMobile : open;
  return (
    <Button variant="ghost" size="icon" onClick={toggle} aria-label="Toggle sidebar (Ctrl+B)" aria-expanded={expanded}>
      <PanelLeft />
    </Button>
  );
}

/** The signed-in layout: sidebar per role, header with the notification bell (spec 2). */
export function AppShell() {
  const { user } = useCurrentUser();
  // Live updates (bell, lists, threads) while signed in; the socket closes when the shell unmounts (sign-out).
  useRealtimeConnection(!!user);
  if (!user) return null;
  return <SignedInShell user={user} />;
}

function SignedInShell({ user }: { user: UserDto }) {
  const current = useSidebarCurrent(user);
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh w-full">
        <AppSidebar user={user} current={current} />
        <div className="flex min-w-0 flex-1 flex-col">
          <ImpersonationBanner user={user} />
          <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:px-4">
            <SidebarTrigger />
            <div className="flex-1" />
            <ThemeToggle />
            <NotificationBell />
            {/* The name comes from the hidden text: an aria-label differing from the visible initials fails WCAG 2.5.3. */}
            <Link to="/profile" className="rounded-full">
              <span className="sr-only">Your profile</span>
              <span aria-hidden="true">
                <UserAvatar src={user.profileImageUrl} firstName={user.firstName} lastName={user.lastName} />
              </span>
            </Link>
          </header>
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            {/* A page whose code is still loading: the skeleton in the main area, the shell staying as it is. */}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
