import { BroadcastButton } from '../../features/admin-users/broadcast-button';
import { UserList } from '../../features/admin-users/user-list';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/users (admins): every account, its status, impersonation and deletion; broadcasts to all users. */
export function UsersPage() {
  usePageTitle('Users');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-semibold">Users</h1>
          <p className="mt-1 text-muted-foreground">Approve mediators, suspend or delete accounts, and view the product as a user.</p>
        </div>
        <BroadcastButton />
      </div>
      <AdminTabs />
      <UserList />
    </div>
  );
}
