import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { unreadKey, useUnreadCount } from './api';

/** The header bell: unread badge, opens /notifications (spec 2). */
export function NotificationBell() {
  const count = useUnreadCount() ?? 0;
  // No polling (spec 7): the count is refreshed whenever the user moves to another page.
  const { pathname } = useLocation();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: unreadKey });
  }, [pathname]);
  const label = count ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link to="/notifications" className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')} aria-label={label}>
      <Bell aria-hidden="true" />
      {count > 0 ? (
        <span
          data-testid="unread-badge"
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-bold leading-5 text-destructive-foreground"
          aria-hidden="true"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
