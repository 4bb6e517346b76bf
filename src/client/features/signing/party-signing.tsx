import { CircleAlert, CircleCheck, Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { hasErrorCode } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePartySigning, type PartySigning } from './party-api';
import { PartySignForm } from './party-sign-form';

const LINK = 'flex items-center gap-2 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline';

/** A link that cannot be used, said plainly: the page has nothing else to show. */
function LinkProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-3 p-6">
        <h1 className="flex items-center gap-2 font-serif text-2xl font-semibold">
          <CircleAlert className="size-6 shrink-0 text-destructive" aria-hidden="true" />
          {title}
        </h1>
        <p className="text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

/** Where the signer stands once there is nothing left for them to do here. */
function Outcome({ signing }: { signing: PartySigning }) {
  if (signing.status === 'signed') {
    return (
      <Alert tone="success" data-testid="party-signed">
        <CircleCheck aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">Thank you: you signed this document.</p>
          {signing.envelopeStatus === 'sealed' ? (
            <p>Everyone has signed and the document is sealed; you can download it above.</p>
          ) : (
            <p>Once everyone has signed, the sealed document can be downloaded from this page.</p>
          )}
        </div>
      </Alert>
    );
  }
  if (signing.status === 'refused') {
    return (
      <Alert tone="warning" data-testid="party-refused">
        <p>You refused to sign this document. The mediator and everyone on it were told your reason.</p>
      </Alert>
    );
  }
  return (
    <Alert tone="warning" data-testid="party-closed">
      <p>
        This document is no longer open for signing: someone refused to sign it, or a newer version replaced it. The mediator will send you a new link if there
        is a new version to sign.
      </p>
    </Alert>
  );
}

/** `/sign/:token`: the document a party is asked to sign, and signing or refusing it (issue 26). */
export function PartySigningView({ token }: { token: string }) {
  const { data, error, isLoading, refetch, isRefetching } = usePartySigning(token);
  if (isLoading) return <Skeleton className="h-72" />;
  if (!data) {
    if (hasErrorCode(error, 'link_expired'))
      return <LinkProblem title="This signing link has expired">Signing links work for a limited time. Ask the mediator to send you a new one.</LinkProblem>;
    if (hasErrorCode(error, 'not_found'))
      return (
        <LinkProblem title="This signing link is not valid">
          Check that you opened the whole link from the e-mail. If it still does not work, ask the mediator to send it again.
        </LinkProblem>
      );
    return <QueryError title="This document could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />;
  }
  const open = data.status === 'pending' && data.envelopeStatus === 'open';
  const sealed = data.envelopeStatus === 'sealed';
  return (
    <Card>
      <CardHeader className="gap-3">
        <p className="text-sm text-muted-foreground wrap-anywhere">
          {open ? `${data.signerName}, you are asked to sign this document.` : `For ${data.signerName}`}
        </p>
        <h1 className="font-serif text-2xl font-semibold wrap-anywhere">{data.title}</h1>
        <dl className="grid gap-1 text-sm">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Case</dt>
          <dd className="wrap-anywhere">{data.caseName}</dd>
        </dl>
        <a href={data.documentUrl} target={sealed ? undefined : '_blank'} rel="noopener noreferrer" download={sealed || undefined} className={LINK}>
          {sealed ? <Download className="size-4" aria-hidden="true" /> : <FileText className="size-4" aria-hidden="true" />}
          {sealed ? 'Download the signed document (PDF)' : 'Read the document (PDF)'}
        </a>
        {open ? <p className="text-xs text-muted-foreground">This link works until {formatDate(data.expiresAt)}.</p> : null}
      </CardHeader>
      <CardContent>{open ? <PartySignForm token={token} signing={data} /> : <Outcome signing={data} />}</CardContent>
    </Card>
  );
}
