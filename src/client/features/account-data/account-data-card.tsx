import { useEffect, useRef, useState } from 'react';
import { DATA_EXPORT_TTL_DAYS, type DataExportDto } from '../../../common/schemas/account-data';
import { lazyDialog } from '../../components/lazy-parts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Separator } from '../../components/ui/separator';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { hasErrorCode } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { useDataExport, useRequestDataExport } from './api';

// The dialog (a form and its rules) loads when first opened (decision 058): the profile's first load stays as it was.
const DeleteAccountDialog = lazyDialog(() => import('./delete-account-dialog').then((m) => m.DeleteAccountDialog));

/** The section the export e-mail links to (`/profile#your-data`). */
const YOUR_DATA_ANCHOR = 'your-data';

const readableSize = (bytes: number) => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

function ExportState({ state }: { state: DataExportDto }) {
  if (state.status === 'pending') {
    return (
      <p className="text-sm" role="status">
        Preparing your archive (asked for {formatDateTime(state.requestedAt)}). We will e-mail you when it is ready.
      </p>
    );
  }
  if (state.status === 'ready') {
    return (
      <div className="grid gap-2">
        <p className="text-sm" role="status">
          Your archive is ready{state.size ? ` (${readableSize(state.size)})` : ''}. You can download it until {formatDateTime(state.expiresAt)}.
        </p>
        <Button asChild className="justify-self-start">
          <a href={state.downloadUrl ?? undefined} download>
            Download archive
          </a>
        </Button>
      </div>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" role="status">
      {state.expiresAt
        ? `Your last archive expired on ${formatDate(state.expiresAt)}. Ask for a new one below.`
        : 'Your last archive could not be prepared. Ask for a new one below.'}
    </p>
  );
}

function DownloadSection() {
  const current = useDataExport();
  const ask = useRequestDataExport();
  const state = current.data?.export ?? null;

  const onAsk = async () => {
    try {
      await ask.mutateAsync();
      toast({ title: 'Archive requested', description: 'We will e-mail you a link when it is ready.' });
    } catch (error) {
      if (hasErrorCode(error, 'conflict')) toast({ title: 'Already in progress', description: error.message });
      else toastError('Could not request your archive', error);
    }
  };

  return (
    <section aria-labelledby="download-my-data" className="grid gap-3">
      <h3 id="download-my-data" className="font-medium">
        Download my data
      </h3>
      <p className="text-sm text-muted-foreground">
        A zip file with your account, your cases, the messages you sent, reviews, payments, notifications and the documents you uploaded. We e-mail you when it
        is ready; it can be downloaded for {DATA_EXPORT_TTL_DAYS} days.
      </p>
      {current.isPending ? (
        <div role="status" aria-label="Loading your archive">
          <Skeleton className="h-10 w-48" />
        </div>
      ) : current.isError ? (
        <QueryError error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <>
          {state ? <ExportState state={state} /> : null}
          {state?.status === 'pending' ? null : (
            <Button variant={state?.status === 'ready' ? 'outline' : 'default'} className="justify-self-start" disabled={ask.isPending} onClick={onAsk}>
              {ask.isPending ? 'Requesting...' : state?.status === 'ready' ? 'Prepare a new archive' : 'Download my data'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function DeleteSection() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-my-account" className="grid gap-3">
      <h3 id="delete-my-account" className="font-medium">
        Delete my account
      </h3>
      <p className="text-sm text-muted-foreground">
        Your name, contact details, photo and profile are erased and you are signed out. Cases and payments you took part in keep an anonymous record; an
        account without any is removed entirely. Not possible while a mediation of yours is still open.
      </p>
      <Button variant="destructive" className="justify-self-start" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}

/** Profile card: people's own data (issue 28, decision 061). Admins are deleted by another admin, not here. */
export function AccountDataCard({ canDelete }: { canDelete: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Arriving from the e-mail's link: the card loads after the page, so the browser could not scroll to it.
  useEffect(() => {
    if (window.location.hash === `#${YOUR_DATA_ANCHOR}`) ref.current?.scrollIntoView?.();
  }, []);
  return (
    <Card id={YOUR_DATA_ANCHOR} ref={ref}>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Take a copy of what you have entrusted to MediateHub, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <DownloadSection />
        {canDelete ? (
          <>
            <Separator />
            <DeleteSection />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
