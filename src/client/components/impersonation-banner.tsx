import { useMutation } from '@tanstack/react-query';
import { Eye, Loader2 } from 'lucide-react';
import type { UserDto } from '../../common/api-types';
import { APP_NAME } from '../../common/constants';
import { apiRequest } from '../lib/api-client';
import { fullReload } from '../lib/full-reload';
import { Button } from './ui/button';
import { toastError } from './ui/use-toast';

/**
 * Shown on every signed-in page while an admin views the product as someone else (decision 020): who they are acting
 * as, and the way back. Stopping reloads the app as the admin on the Users tab, so nothing cached as the user stays.
 */
export function ImpersonationBanner({ user }: { user: UserDto }) {
  const stop = useMutation({
    mutationFn: () => apiRequest<UserDto>('POST', '/api/admin/impersonate/stop'),
    onSuccess: () => fullReload('/admin/users'),
    onError: (error) => toastError('Failed to return to your admin account', error),
  });
  if (!user.impersonatedBy) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const role = user.role ?? 'no role yet';
  const busy = stop.isPending || stop.isSuccess;
  return (
    <section
      aria-label="Impersonation"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-100 px-3 py-2 text-sm text-amber-950 sm:px-4 dark:border-amber-400/40 dark:bg-amber-400/15 dark:text-amber-100"
    >
      <p role="status" className="flex min-w-0 items-start gap-2">
        <Eye className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 wrap-anywhere">
          You are viewing {APP_NAME} as <strong>{name}</strong> ({role}).
        </span>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="border-amber-400 bg-background/80 hover:bg-accent"
        onClick={() => stop.mutate()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Return to your admin account
      </Button>
    </section>
  );
}
