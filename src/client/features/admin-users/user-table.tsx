import { BadgeCheck } from 'lucide-react';
import type { AdminUserDto } from '../../../common/schemas/admin-users';
import { Card } from '../../components/ui/card';
import { formatDate } from '../../lib/format';
import { UserActions } from './user-actions';
import { fullName, profileSummary, roleLabel } from './user-labels';
import { UserStatusBadge } from './user-status-badge';

function VerifiedMark({ user }: { user: AdminUserDto }) {
  return user.emailVerified ? (
    <span className="inline-flex items-center gap-1 text-sm text-emerald-700 dark:text-emerald-300">
      <BadgeCheck className="size-4" aria-hidden="true" />
      E-mail verified
    </span>
  ) : (
    <span className="text-sm text-muted-foreground">E-mail not verified</span>
  );
}

/** One account as a card (phones and tablets). */
export function UserCard({ user, isSelf }: { user: AdminUserDto; isSelf: boolean }) {
  return (
    <Card className="grid gap-3 p-4" data-testid="user-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold wrap-anywhere">
            {fullName(user)}
            {isSelf ? <span className="ml-1 text-sm font-normal text-muted-foreground">(you)</span> : null}
          </h2>
          <p className="text-sm wrap-anywhere text-muted-foreground">{user.email}</p>
        </div>
        <UserStatusBadge status={user.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Role</dt>
          <dd>{roleLabel(user)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Joined</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-muted-foreground">Profile</dt>
          <dd className="wrap-anywhere">{profileSummary(user)}</dd>
        </div>
      </dl>
      <VerifiedMark user={user} />
      <UserActions user={user} isSelf={isSelf} />
    </Card>
  );
}

/** The accounts as a table (wide screens); it scrolls inside its own box should the window be narrower than it. */
export function UserTable({ users, selfId }: { users: AdminUserDto[]; selfId: string | undefined }) {
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              User
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Role and profile
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Joined
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-t align-top">
              <th scope="row" className="max-w-64 px-4 py-3 text-left font-normal">
                <span className="block font-medium wrap-anywhere">
                  {fullName(user)}
                  {user.id === selfId ? <span className="ml-1 text-muted-foreground">(you)</span> : null}
                </span>
                <span className="block wrap-anywhere text-muted-foreground">{user.email}</span>
                <VerifiedMark user={user} />
              </th>
              <td className="max-w-72 px-4 py-3">
                <span className="block font-medium">{roleLabel(user)}</span>
                <span className="block wrap-anywhere text-muted-foreground">{profileSummary(user)}</span>
              </td>
              <td className="px-4 py-3">
                <UserStatusBadge status={user.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
              <td className="px-4 py-3">
                <UserActions user={user} isSelf={user.id === selfId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
