import { Switch } from 'radix-ui';
import { useId } from 'react';
import type { EmailPreference, NotificationEmailKind } from '../../../common/schemas/email-preferences';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { useEmailPreferences, useUpdateEmailPreferences } from './api';

function PreferenceRow({ pref, disabled, onChange }: { pref: EmailPreference; disabled: boolean; onChange: (enabled: boolean) => void }) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block font-medium">
          {pref.label}
        </label>
        <p id={`${id}-description`} className="wrap-anywhere text-sm text-muted-foreground">
          {pref.description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={pref.enabled}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-description`}
        className="peer relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
    </li>
  );
}

/** Profile card: which notifications also arrive by e-mail, one switch per kind, each saved as it is flipped. */
export function EmailPreferencesCard() {
  const prefs = useEmailPreferences();
  const update = useUpdateEmailPreferences();

  const change = async (kind: NotificationEmailKind, label: string, enabled: boolean) => {
    try {
      await update.mutateAsync({ [kind]: enabled });
      toast({ title: 'Email preferences saved', description: `${label}: e-mails ${enabled ? 'on' : 'off'}.` });
    } catch (error) {
      toastError('Failed to save email preferences', error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>Choose what also reaches your inbox. Everything stays in your notifications here either way.</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading email preferences">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : prefs.isError ? (
          <QueryError error={prefs.error} onRetry={prefs.refetch} retrying={prefs.isRefetching} />
        ) : prefs.data.length ? (
          <ul className="divide-y">
            {prefs.data.map((pref) => (
              <PreferenceRow key={pref.kind} pref={pref} disabled={update.isPending} onChange={(enabled) => void change(pref.kind, pref.label, enabled)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">There are no e-mail notifications for your account.</p>
        )}
      </CardContent>
    </Card>
  );
}
