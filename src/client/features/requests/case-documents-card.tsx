import { Download, Eye, FileText, FileX } from 'lucide-react';
import { useId, useState } from 'react';
import type { RequestDocumentDto, RequestDto } from '../../../common/api-types';
import { defaultVisibility, isNarrowing } from '../../../common/domain/case-access';
import { DOCUMENT_VISIBILITIES, type DocumentVisibility } from '../../../common/enums';
import { VISIBILITY_LABELS } from '../../../common/schemas/case-documents';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { NativeSelect } from '../../components/ui/native-select';
import { toastError } from '../../components/ui/use-toast';
import { formatDate, formatDateTime } from '../../lib/format';
import { useAddCaseDocument, useChangeDocumentVisibility } from './api';
import { DocumentPicker } from './document-picker';
import { AgreementRequired } from '../../components/agreement-required';

// The case's documents (issue 23, docs/decisions/044): each with who may see it, the uploader's control to change
// that (a narrowing asks first, naming who already opened it) and who opened it; counsel add documents here.

/** How a visibility reads to someone who did not add the document ("my side" is the uploader's). */
const OTHERS_LABELS: Record<DocumentVisibility, string> = {
  own_side: 'Only their side',
  side_and_mediator: 'Their side and the mediator',
  everyone: 'Everyone in the case',
};
const TONES = { own_side: 'yellow', side_and_mediator: 'blue', everyone: 'green' } as const;

const nameOf = (d: RequestDocumentDto) => d.fileName ?? 'document.pdf';
/** Everyone who opened a document, once each, in the order of their latest opening. */
function openers(d: RequestDocumentDto, me: string): string[] {
  const names = new Map<string, string>();
  for (const a of d.accesses ?? []) if (a.userId !== me && !names.has(a.userId)) names.set(a.userId, a.name);
  return [...names.values()];
}

function addedBy(d: RequestDocumentDto): string {
  if (d.mine) return 'Added by you';
  return d.side === 'first' ? "Added by the posting lawyer's side" : "Added by opposing counsel's side";
}

/** A document removed under the retention policy (decision 061): its name and when, no link that could only fail. */
function RemovedDocumentRow({ document: d, removedAt }: { document: RequestDocumentDto; removedAt: string }) {
  return (
    <li className="grid min-w-0 grid-cols-1 gap-1 rounded-md border border-dashed p-3 text-muted-foreground" data-testid="case-document">
      <span className="flex min-w-0 items-center gap-2 text-sm">
        <FileX className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate" title={nameOf(d)}>
          {d.kind === 'brief' ? 'Mediation brief' : 'Case file'}: {nameOf(d)}
        </span>
      </span>
      <span className="text-xs">Removed under the retention policy on {formatDate(removedAt)}.</span>
    </li>
  );
}

function DocumentRow({ requestId, document: d, me }: { requestId: string; document: RequestDocumentDto; me: string }) {
  const change = useChangeDocumentVisibility(requestId);
  const [pending, setPending] = useState<DocumentVisibility | null>(null);
  const selectId = useId();
  const apply = (visibility: DocumentVisibility) =>
    change
      .mutateAsync({ uploadId: d.uploadId, visibility })
      .then(() => setPending(null))
      .catch((e) => toastError('Could not change who sees this document', e));
  const opened = openers(d, me);
  return (
    <li className="grid min-w-0 grid-cols-1 gap-2 rounded-md border p-3" data-testid="case-document">
      <a href={d.url} className="flex min-w-0 items-center gap-2 rounded-sm text-sm hover:underline" title={nameOf(d)} download>
        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">
          {d.kind === 'brief' ? 'Mediation brief' : 'Case file'}: {nameOf(d)}
        </span>
        <Download className="size-4 shrink-0" aria-hidden="true" />
      </a>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge tone={TONES[d.visibility]} data-testid="visibility-badge">
          <Eye className="size-3" aria-hidden="true" />
          <span className="sr-only">Visible to: </span>
          {(d.mine ? VISIBILITY_LABELS : OTHERS_LABELS)[d.visibility]}
        </Badge>
        <span>{addedBy(d)}</span>
      </div>
      {d.mine ? (
        <div className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-[auto_minmax(0,16rem)] sm:items-center">
          <label htmlFor={selectId} className="text-sm">
            Who can see {nameOf(d)}
          </label>
          <NativeSelect
            id={selectId}
            value={d.visibility}
            disabled={change.isPending}
            onChange={(e) => {
              const next = e.target.value as DocumentVisibility;
              if (isNarrowing(d.visibility, next)) setPending(next);
              else void apply(next);
            }}
          >
            {DOCUMENT_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {d.accesses ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm">Opened by ({d.accesses.length})</summary>
          {d.accesses.length ? (
            <ul className="mt-2 grid grid-cols-1 gap-1" aria-label={`Who opened ${nameOf(d)}`}>
              {d.accesses.map((a, i) => (
                <li key={`${a.userId}-${a.accessedAt}-${i}`} className="flex flex-wrap justify-between gap-x-3 wrap-anywhere">
                  <span>{a.userId === me ? 'You' : a.name}</span>
                  <span className="text-muted-foreground">{formatDateTime(a.accessedAt)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-muted-foreground">Nobody has opened it yet.</p>
          )}
        </details>
      ) : null}
      <Dialog open={pending !== null} onOpenChange={(open) => !open && !change.isPending && setPending(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Limit who can see {nameOf(d)}?</DialogTitle>
            <DialogDescription>
              {pending ? `From now on: ${VISIBILITY_LABELS[pending].toLowerCase()}. ` : ''}
              {opened.length
                ? `Already opened by ${opened.join(', ')}. They may have kept a copy; the change is logged with their names.`
                : 'Nobody else has opened it yet.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setPending(null)} disabled={change.isPending}>
              Keep it as it is
            </Button>
            <Button onClick={() => pending && void apply(pending)} disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Limit access'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

function AddDocument({ requestId }: { requestId: string }) {
  const add = useAddCaseDocument(requestId);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [kind, setKind] = useState<'brief' | 'case_file'>('case_file');
  const [visibility, setVisibility] = useState<DocumentVisibility>(defaultVisibility('case_file'));
  const kindId = useId();
  const visibilityId = useId();
  const submit = async () => {
    const file = files[0];
    if (!file) return;
    try {
      await add.mutateAsync({ file, kind, visibility, onProgress: (p) => setProgress({ [file.name]: p }) });
      setFiles([]);
      setProgress({});
    } catch (e) {
      toastError('Could not add the document', e);
    }
  };
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3 border-t pt-4">
      <h3 className="text-sm font-semibold">Add a document</h3>
      <DocumentPicker
        label="Document"
        maxFiles={1}
        files={files}
        onChange={(next, problem) => {
          setFiles(next);
          setError(problem);
        }}
        error={error}
        progress={progress}
      />
      <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={kindId} className="text-sm">
            Kind
          </label>
          <NativeSelect
            id={kindId}
            value={kind}
            onChange={(e) => {
              const next = e.target.value as 'brief' | 'case_file';
              setKind(next);
              setVisibility(defaultVisibility(next));
            }}
          >
            <option value="case_file">Case file</option>
            <option value="brief">Mediation brief</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor={visibilityId} className="text-sm">
            Who can see it
          </label>
          <NativeSelect id={visibilityId} value={visibility} onChange={(e) => setVisibility(e.target.value as DocumentVisibility)}>
            {DOCUMENT_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <Button className="justify-self-start" onClick={() => void submit()} disabled={!files.length || add.isPending}>
        {add.isPending ? 'Adding...' : 'Add document'}
      </Button>
    </div>
  );
}

const OPEN_CASE = ['draft', 'pending_mediators', 'awaiting_selection', 'matched', 'in_progress'];

/** The documents card of a request's page, for whoever may see its documents (counsel, the selected mediator, admins). */
export function CaseDocumentsCard({ request, userId }: { request: RequestDto; userId: string }) {
  if (!request.fullAccess) return null;
  const counsel = request.lawyerId === userId || request.opposingLawyerId === userId;
  // Held by an unsigned agreement to mediate (decision 055): their own documents only, nothing added until they sign.
  const held = request.agreementHeld === true;
  const canAdd = counsel && !held && OPEN_CASE.includes(request.status);
  if (!request.documents.length && !canAdd && !held) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Documents</CardTitle>
        {counsel ? (
          <CardDescription>You choose who sees each document you add. Every opening is recorded, and you see who opened yours.</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {request.documents.length ? (
          <ul className="grid grid-cols-1 gap-2">
            {request.documents.map((d) =>
              d.removedAt ? (
                <RemovedDocumentRow key={d.uploadId} document={d} removedAt={d.removedAt} />
              ) : (
                <DocumentRow key={d.uploadId} requestId={request.id} document={d} me={userId} />
              ),
            )}
          </ul>
        ) : held ? null : (
          <p className="text-sm text-muted-foreground">No documents yet.</p>
        )}
        {held ? <AgreementRequired requestId={request.id} what="The case’s documents" /> : null}
        {canAdd ? <AddDocument requestId={request.id} /> : null}
      </CardContent>
    </Card>
  );
}
