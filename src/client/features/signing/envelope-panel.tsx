import { Download, FileCheck2, FileText, PenLine } from 'lucide-react';
import { useState } from 'react';
import type { SigningMethod } from '../../../common/enums';
import type { Envelope } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { formatDateTime } from '../../lib/format';
import { useRefuseEnvelope } from './api';
import { ReasonDialog } from './reason-dialog';
import { SignDialog } from './sign-dialog';
import { ENVELOPE_STATUS, ROLE_LABELS, SIDE_LABELS } from './view';

type Signer = Envelope['signers'][number];

const METHOD_TEXT: Record<SigningMethod, string> = { password: 'confirmed by password', email_code: 'confirmed by a code sent by e-mail' };

function SignerItem({ signer }: { signer: Signer }) {
  const who = [ROLE_LABELS[signer.role], signer.side ? SIDE_LABELS[signer.side].toLowerCase() : null].filter(Boolean).join(', ');
  return (
    <li className="grid gap-1 border-t pt-2 first:border-t-0 first:pt-0" data-testid="signer">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm wrap-anywhere">
          <span className="font-medium">{signer.name}</span>
          {signer.isMe ? ' (you)' : ''} <span className="text-muted-foreground">· {who}</span>
        </p>
        {signer.status === 'signed' ? (
          <Badge tone="green">Signed</Badge>
        ) : signer.status === 'refused' ? (
          <Badge tone="destructive">Refused</Badge>
        ) : (
          <Badge tone="yellow">Waiting</Badge>
        )}
      </div>
      {signer.status === 'signed' && signer.signedAt ? (
        <p className="text-xs text-muted-foreground">
          Signed {formatDateTime(signer.signedAt)}
          {signer.method ? `, ${METHOD_TEXT[signer.method]}` : ''}
        </p>
      ) : null}
      {signer.status === 'refused' && signer.refusalReason ? <p className="text-sm wrap-anywhere">Reason: {signer.refusalReason}</p> : null}
    </li>
  );
}

function DocumentLinks({ envelope }: { envelope: Envelope }) {
  const sealed = envelope.status === 'sealed';
  const linkClass = 'flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline';
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-2">
      <a href={envelope.documentUrl} target={sealed ? undefined : '_blank'} rel="noopener noreferrer" download={sealed || undefined} className={linkClass}>
        {sealed ? <Download className="size-4" aria-hidden="true" /> : <FileText className="size-4" aria-hidden="true" />}
        {sealed ? 'Download the sealed PDF' : envelope.kind === 'agreement' ? 'Read the agreement (PDF)' : 'Preview the PDF'}
      </a>
      {sealed || envelope.status === 'refused' ? (
        <a href={envelope.auditUrl} download className={linkClass}>
          <FileCheck2 className="size-4" aria-hidden="true" />
          Audit certificate (PDF)
        </a>
      ) : null}
    </div>
  );
}

/** What refusing means for a kind of document: said before (in the dialog) and after (beside the refusal). */
export interface RefusalTexts {
  before: string;
  after: string;
}

/**
 * One envelope: where it stands, each signer's state, its PDFs, and the reader's own Sign (and Refuse, for documents
 * that may be refused) while it waits for them.
 */
export function EnvelopePanel({
  requestId,
  envelope,
  signLabel,
  refusal,
}: {
  requestId: string;
  envelope: Envelope;
  signLabel: string;
  /** Given when the document may be refused. */
  refusal?: RefusalTexts;
}) {
  const [signing, setSigning] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const refuse = useRefuseEnvelope(requestId);
  const status = ENVELOPE_STATUS[envelope.status];
  const signed = envelope.signers.filter((s) => s.status === 'signed').length;
  const refusedBy = envelope.signers.filter((s) => s.status === 'refused');
  return (
    <section className="grid min-w-0 gap-3 rounded-lg border p-3" aria-label={envelope.title} data-testid="envelope">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium wrap-anywhere">{envelope.title}</h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {envelope.status === 'sealed' && envelope.sealedAt
          ? `Signed by everyone and sealed ${formatDateTime(envelope.sealedAt)}.`
          : `${signed} of ${envelope.signers.length} signed.`}
      </p>
      {envelope.status === 'refused' ? (
        <Alert tone="warning">
          <div className="grid gap-1">
            <p className="wrap-anywhere">
              {refusedBy.map((s) => s.name).join(' and ')} refused to sign (the reason is below): this document will not be signed.
            </p>
            {refusal ? <p>{refusal.after}</p> : null}
          </div>
        </Alert>
      ) : null}
      <ul className="grid gap-2" aria-label="Signers">
        {envelope.signers.map((s) => (
          <SignerItem key={s.id} signer={s} />
        ))}
      </ul>
      <DocumentLinks envelope={envelope} />
      {envelope.status === 'sealed' && envelope.sha256 ? (
        <p className="text-xs text-muted-foreground">
          SHA-256 of the sealed file: <span className="font-mono break-all">{envelope.sha256}</span>
        </p>
      ) : null}
      {envelope.canSign ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setSigning(true)}>
            <PenLine aria-hidden="true" />
            {signLabel}
          </Button>
          {refusal ? (
            <Button variant="outline" onClick={() => setRefusing(true)}>
              Refuse to sign
            </Button>
          ) : null}
        </div>
      ) : null}
      {envelope.canSign ? <SignDialog requestId={requestId} envelope={envelope} open={signing} onOpenChange={setSigning} /> : null}
      {envelope.canSign && refusal ? (
        <ReasonDialog
          open={refusing}
          onOpenChange={setRefusing}
          title="Refuse to sign?"
          description={`${envelope.title}. ${refusal.before}`}
          hint="Every signer and the mediator read it."
          action="Refuse to sign"
          pending={refuse.isPending}
          onSubmit={async (reason) => {
            await refuse.mutateAsync({ envelopeId: envelope.id, reason });
            toast({ title: 'You refused to sign', description: 'Everyone on the document is told why.' });
          }}
        />
      ) : null}
    </section>
  );
}
