import { useMutation } from '@tanstack/react-query';
import { FileQuestion, FileWarning, ShieldCheck, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { APP_NAME } from '../../../common/constants';
import type { SignerRole, SigningMethod } from '../../../common/enums';
import type { Verification } from '../../../common/schemas/signing';
import { PublicLayout } from '../../app/layouts/public-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { cn } from '../../lib/utils';

/** POST /api/verify takes at most 25 MB; a larger file is refused here rather than sent for nothing. */
const MAX_BYTES = 25 * 1024 * 1024;

const ROLE_WORDS: Record<SignerRole, string> = { counsel: 'Counsel', party: 'Party' };
const METHOD_WORDS: Record<SigningMethod, string> = { password: 'password re-entered', email_code: 'code e-mailed' };

/** A moment on a document meant to be kept: with its year and the zone, unlike the app's short 'Jan 05, 3:20 PM'. */
const moment = (at: string) =>
  `${formatDate(at)}, ${new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })}`;

/**
 * Sends the file's bytes as they are (never read, parsed or re-encoded here: one changed byte must fail). Whatever was
 * dropped goes as application/pdf, the only type the route takes; the server tells a non-PDF apart. No account is
 * needed, so no cookie is sent.
 */
async function verifyFile(file: File): Promise<Verification> {
  let res: Response;
  try {
    res = await fetch('/api/verify', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/pdf', Accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new Error('Cannot reach the server. Check your connection and try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : 'The file could not be checked. Try again.');
  }
  return (await res.json()) as Verification;
}

/** The file matched: what it already says may be shown to the one holding it. */
function SealedPanel({ details }: { details: Verification['document'] }) {
  return (
    <Alert tone="success">
      <ShieldCheck aria-hidden="true" />
      <div className="grid min-w-0 gap-4">
        <h2 className="text-base font-semibold">This document was sealed by {APP_NAME} and has not changed since</h2>
        {details ? <SealedDetails details={details} /> : null}
      </div>
    </Alert>
  );
}

function SealedDetails({ details }: { details: NonNullable<Verification['document']> }) {
  return (
    <>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Title</dt>
        <dd className="wrap-anywhere">{details.title}</dd>
        <dt className="font-medium">Case number</dt>
        <dd className="wrap-anywhere">{details.caseNumber}</dd>
        <dt className="font-medium">Sealed</dt>
        <dd>{moment(details.sealedAt)}</dd>
        <dt className="font-medium">SHA-256</dt>
        <dd className="font-mono text-xs break-all">{details.sha256}</dd>
      </dl>
      <div className="grid gap-2">
        <h3 className="font-medium">Signed by</h3>
        <ul className="grid gap-2">
          {details.signers.map((signer, i) => (
            <li key={`${signer.name}-${i}`} className="wrap-anywhere">
              <span className="font-medium">{signer.name}</span> ({ROLE_WORDS[signer.role]}), {moment(signer.signedAt)}, {METHOD_WORDS[signer.method]}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function ResultPanel({ verification }: { verification: Verification }) {
  if (verification.result === 'sealed') return <SealedPanel details={verification.document} />;
  if (verification.result === 'changed')
    return (
      <Alert tone="warning">
        <FileWarning aria-hidden="true" />
        <h2 className="text-base font-semibold">This document has been changed since it was sealed</h2>
      </Alert>
    );
  return (
    <Alert tone="info">
      <FileQuestion aria-hidden="true" />
      <h2 className="text-base font-semibold">This is not a document we sealed</h2>
    </Alert>
  );
}

/** `/verify` (issue 26): anyone holding a PDF learns whether it is a document we sealed, unchanged since. */
export function VerifyPage() {
  usePageTitle('Verify a signed document');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: verifyFile });

  const check = (file: File | undefined) => {
    if (!file) return;
    verify.reset();
    if (file.size > MAX_BYTES) return setRefusal(`${file.name} is too large: the largest file that can be checked is 25 MB.`);
    if (file.size === 0) return setRefusal(`${file.name} is empty, so it cannot be a document we sealed.`);
    setRefusal(null);
    verify.mutate(file);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    check(e.dataTransfer.files[0]);
  };

  return (
    <PublicLayout>
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-12">
        <div className="grid gap-3">
          <h1 className="font-serif text-3xl font-semibold">Verify a signed document</h1>
          <p className="text-muted-foreground">
            Check that a PDF signed on {APP_NAME} is one we sealed and that not one byte of it has changed since. We compare the file’s SHA-256 fingerprint with
            our record of the documents we sealed. The title, case number and signers are shown only to someone who presents the file itself: nothing of a
            document’s content is shown to anyone without it.
          </p>
        </div>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid justify-items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-input',
          )}
        >
          <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Drop the PDF here, or choose it. Up to 25 MB.
          </p>
          {/* The visible button opens this input, so the input is labelled but kept out of the tab order. */}
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            aria-label="Document to verify"
            aria-describedby={`${id}-hint`}
            tabIndex={-1}
            onChange={(e) => {
              check(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button variant="outline" onClick={() => input.current?.click()} disabled={verify.isPending}>
            {verify.isPending ? 'Checking...' : 'Choose a file'}
          </Button>
        </div>
        <div className="grid gap-3">
          {refusal ? <Alert tone="destructive">{refusal}</Alert> : null}
          {verify.isPending ? <p className="text-sm text-muted-foreground">Checking {verify.variables.name}…</p> : null}
          {verify.isError ? (
            <Alert tone="destructive" className="flex-col items-start">
              <p>{verify.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => verify.mutate(verify.variables)}>
                Try again
              </Button>
            </Alert>
          ) : null}
          {verify.isSuccess ? (
            <>
              <p className="text-sm text-muted-foreground wrap-anywhere">Result for {verify.variables.name}:</p>
              <ResultPanel verification={verify.data} />
            </>
          ) : null}
        </div>
      </div>
    </PublicLayout>
  );
}
