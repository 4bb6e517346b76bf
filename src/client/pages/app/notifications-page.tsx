import { NotificationsView } from '../../features/notifications/notification-list';
import { usePageTitle } from '../../lib/use-page-title';

export function NotificationsPage() {
  usePageTitle('Notifications');
  return <NotificationsView />;
}
