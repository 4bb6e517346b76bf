import {
  BarChart3,
  CalendarDays,
  Bell,
  Briefcase,
  CheckSquare,
  CreditCard,
  FileText,
  LayoutDashboard,
  MessageSquare,
  Scale,
  Search,
  Star,
  User,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { RequestDto } from '../../../common/api-types';
import type { UserRole } from '../../../common/enums';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that show the same page, where the link counts as the current one too. */
  alsoAt?: readonly string[];
}

/**
 * Whether `item` is the current page at `pathname`: its own path or one of its aliases, or a page under its path
 * (/payments/{id}/receipt under Payments, /messages/{id} under Messages), trailing slash ignored.
 */
export function isCurrentItem(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === item.to || path.startsWith(`${item.to}/`) || (item.alsoAt?.includes(path) ?? false);
}

/**
 * The sidebar link a request's page (/requests/{id}) belongs under for its viewer, or null for none (spec 2's links;
 * docs/decisions/038). A lawyer sees only their own requests: My Requests. A mediator sees a request because it is
 * available to them (Browse Requests) or because they accepted it or were selected for it, whatever came after —
 * selected, not selected, completed — (My Acceptances); until the request is loaded, neither. Admins have no link
 * for requests.
 */
export function requestPageNavPath(
  viewer: { id: string; role: UserRole | null },
  request: Pick<RequestDto, 'selectedMediatorId' | 'myAcceptance'> | undefined,
): string | null {
  if (viewer.role === 'admin') return null;
  if (viewer.role !== 'mediator') return '/requests';
  if (!request) return null;
  return request.myAcceptance || request.selectedMediatorId === viewer.id ? '/acceptances' : '/requests';
}

/** Sidebar links by role (spec 2). */
export function navItemsFor(role: UserRole | null): NavItem[] {
  if (role === 'admin') {
    return [
      // /admin, where an admin lands, is the same page as /admin/dashboard (spec 2's link).
      { label: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboard, alsoAt: ['/admin'] },
      { label: 'Users', to: '/admin/users', icon: Users },
      { label: 'Mediations', to: '/admin/mediations', icon: Briefcase },
      { label: 'Payments', to: '/admin/payments', icon: Wallet },
      { label: 'Analytics', to: '/admin/analytics', icon: BarChart3 },
      { label: 'Disputes', to: '/admin/disputes', icon: Scale },
      { label: 'Notifications', to: '/notifications', icon: Bell },
    ];
  }
  if (role === 'mediator') {
    return [
      { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
      { label: 'Browse Requests', to: '/requests', icon: Search },
      { label: 'My Acceptances', to: '/acceptances', icon: CheckSquare },
      { label: 'Calendar', to: '/calendar', icon: CalendarDays },
      { label: 'Messages', to: '/messages', icon: MessageSquare },
      { label: 'Earnings', to: '/payments', icon: Wallet },
      { label: 'Subscription', to: '/subscription', icon: CreditCard },
      { label: 'Reviews', to: '/reviews', icon: Star },
      { label: 'Profile', to: '/profile', icon: User },
    ];
  }
  return [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
    { label: 'My Requests', to: '/requests', icon: FileText },
    { label: 'Messages', to: '/messages', icon: MessageSquare },
    { label: 'Payments', to: '/payments', icon: Wallet },
    { label: 'Profile', to: '/profile', icon: User },
  ];
}
