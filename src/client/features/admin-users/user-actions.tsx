import { Eye, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { USER_STATUSES, type UserStatus } from '../../../common/enums';
import type { AdminUserDto } from '../../../common/schemas/admin-users';
import { lazyDialog } from '../../components/lazy-parts';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/native-select';
import { toast, toastError } from '../../components/ui/use-toast';
import { fullReload } from '../../lib/full-reload';
import { useChangeUserStatus, useDeleteUser, useImpersonate } from './api';
import { fullName, STATUS_LABELS } from './user-labels';

// The confirmation (Radix's dialog) loads when first asked for (docs/decisions/058).
const SuspendDialog = lazyDialog(() => import('./suspend-dialog').then((m) => m.SuspendDialog));

/** Spec 2: after impersonation starts, the page goes to / after about one second (the toast says so meanwhile). */
export const IMPERSONATION_RELOAD_DELAY_MS = 1000;

const DELETE_OUTCOMES = {
  removed: 'The account had no history and was removed.',
  anonymized: 'The account had history, so it was anonymised: its records stay, its personal details are gone.',
} as const;

/** The status select: pending and approved apply at once; suspension asks first (it ends their sessions). */
function StatusSelect({ user, disabled }: { user: AdminUserDto; disabled: boolean }) {
  const id = useId();
  const change = useChangeUserStatus();
  const [suspending, setSuspending] = useState(false);

  const apply = async (status: UserStatus) => {
    try {
      await change.mutateAsync({ id: user.id, status });
      toast({ title: 'User status updated successfully', description: `${fullName(user)} is now ${STATUS_LABELS[status].toLowerCase()}.`, variant: 'success' });
    } catch (error) {
      toastError('Failed to update user status', error);
    } finally {
      setSuspending(false);
    }
  };

  const onChange = (status: UserStatus) => {
    if (status === user.status) return;
    if (status === 'suspended') setSuspending(true);
    else void apply(status);
  };

  return (
    <>
      <label htmlFor={id} className="sr-only">
        Status of {fullName(user)}
      </label>
      <NativeSelect
        id={id}
        className="h-9 min-w-0 px-2 py-1 sm:w-36"
        value={user.status}
        disabled={disabled || change.isPending}
        aria-busy={change.isPending}
        onChange={(e) => onChange(e.target.value as UserStatus)}
      >
        {USER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
      {suspending ? (
        <SuspendDialog user={user} pending={change.isPending} onConfirm={() => void apply('suspended')} onCancel={() => setSuspending(false)} />
      ) : null}
    </>
  );
}

/**
 * What an admin can do to one account (spec 7, RULES.md 6): set its status, view the product as them, delete it.
 * Their own row offers none of these (the server refuses them anyway); admins cannot be impersonated, nor suspended
 * users. An account still choosing its role or completing its profile may be viewed too: its setup pages show the
 * impersonation banner with the way back, as the app shell does.
 */
export function UserActions({ user, isSelf }: { user: AdminUserDto; isSelf: boolean }) {
  const impersonate = useImpersonate();
  const remove = useDeleteUser();
  const name = fullName(user);
  const canImpersonate = !isSelf && user.role !== 'admin' && user.status !== 'suspended';

  const onImpersonate = async () => {
    try {
      await impersonate.mutateAsync(user.id);
      toast({ title: 'Now viewing as user. Refreshing...', description: `You are now acting as ${name}.` });
      setTimeout(() => fullReload('/'), IMPERSONATION_RELOAD_DELAY_MS);
    } catch (error) {
      toastError('Failed to impersonate user', error);
    }
  };

  const onDelete = async () => {
    // The spec asks for the browser's own confirmation here.
    if (!window.confirm(`Delete ${name} (${user.email})? This cannot be undone.`)) return;
    try {
      const { outcome } = await remove.mutateAsync(user.id);
      toast({ title: 'User deleted successfully', description: DELETE_OUTCOMES[outcome], variant: 'success' });
    } catch (error) {
      toastError('Failed to delete user', error);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusSelect user={user} disabled={isSelf} />
      {canImpersonate ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onImpersonate()}
          disabled={impersonate.isPending || impersonate.isSuccess}
          aria-label={`View as ${name}`}
          title="View the product as this user"
        >
          <Eye aria-hidden="true" />
          <span>View as</span>
        </Button>
      ) : null}
      {isSelf ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={() => void onDelete()}
          disabled={remove.isPending}
          aria-label={`Delete ${name}`}
        >
          <Trash2 aria-hidden="true" />
          <span>Delete</span>
        </Button>
      )}
    </div>
  );
}
