import { FilePen, FileSignature, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CaseSigning, Envelope, TermSheetVersion } from '../../../common/schemas/signing';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useCaseSigning } from './api';
import { EnvelopePanel, type RefusalTexts } from './envelope-panel';
import { MarkFinalDialog } from './mark-final-dialog';
import { ProposalList } from './proposal-list';
import { TermSheetFrame, useScrollToCard } from './signing-card-frame';
import { TermSheetEditor, type EditorMode } from './term-sheet-editor';
import { TermSheetVersions } from './term-sheet-versions';
import { isCounsel, latestVersion, newestFirst, type SigningSeat } from './view';

// A refused version goes back to draft (decision 055): the mediator may mark it final again as it is, or change it first.
const REFUSAL: RefusalTexts = {
  before: 'Every signer and the mediator are told your reason, and drafting opens again: the mediator changes the terms or asks for signatures again.',
  after: 'Drafting is open again: the mediator marks this version, or a new one, final to ask for signatures again.',
};

/**
 * The signing round that matters now: the newest envelope, unless it was voided or it is a refusal a newer version
 * has already answered. The others are kept as history.
 */
function rounds(envelopes: Envelope[], latest: TermSheetVersion | null): { current: Envelope | null; earlier: Envelope[] } {
  const [newest, ...rest] = newestFirst(envelopes);
  if (!newest) return { current: null, earlier: [] };
  const current = newest.status !== 'void' && (newest.status !== 'refused' || newest.version === latest?.number);
  return current ? { current: newest, earlier: rest } : { current: null, earlier: [newest, ...rest] };
}

function NothingYet({ seat, canDraft }: { seat: SigningSeat; canDraft: boolean }) {
  let text = 'No term sheet yet: the mediator drafts it as the terms take shape.';
  if (seat === 'mediator') text = 'No term sheet yet. Draft it as the terms take shape; counsel can then propose edits to each version.';
  else if (isCounsel(seat) && canDraft) text = 'No term sheet yet. Draft the first version of the terms; the mediator keeps it up to date from there.';
  return <p className="text-sm text-muted-foreground">{text}</p>;
}

function TermSheetBody({ requestId, seat, closed, signing }: { requestId: string; seat: SigningSeat; closed: boolean; signing: CaseSigning }) {
  const [editing, setEditing] = useState<EditorMode | null>(null);
  const [finalizing, setFinalizing] = useState(false);
  const termSheet = signing.termSheet;
  const latest = latestVersion(termSheet.versions);
  const { current, earlier } = rounds(termSheet.envelopes, latest);
  // A signed version is the settlement itself: nothing is drafted or proposed on top of it.
  const settled = latest?.status === 'signed';
  const canDraft = !closed && !settled && termSheet.canDraft;
  const canPropose = !closed && !settled && termSheet.canPropose && latest !== null;
  const canFinalize = !closed && seat === 'mediator' && latest?.status === 'draft';
  return (
    <>
      {latest ? null : <NothingYet seat={seat} canDraft={canDraft} />}
      {current ? <EnvelopePanel requestId={requestId} envelope={current} signLabel={`Sign version ${current.version}`} refusal={REFUSAL} /> : null}
      {canDraft || canPropose || canFinalize ? (
        <div className="flex flex-wrap gap-2">
          {canDraft ? (
            <Button variant={latest ? 'outline' : 'default'} onClick={() => setEditing({ kind: 'version', base: latest })}>
              <Plus aria-hidden="true" />
              {latest ? 'New version' : 'Draft the first version'}
            </Button>
          ) : null}
          {canPropose && latest ? (
            <Button variant="outline" onClick={() => setEditing({ kind: 'proposal', base: latest })}>
              <FilePen aria-hidden="true" />
              Propose edits
            </Button>
          ) : null}
          {canFinalize && latest ? (
            <Button onClick={() => setFinalizing(true)}>
              <FileSignature aria-hidden="true" />
              Mark version {latest.number} final
            </Button>
          ) : null}
        </div>
      ) : null}
      <TermSheetVersions versions={termSheet.versions} />
      <ProposalList requestId={requestId} proposals={termSheet.proposals} versions={termSheet.versions} seat={seat} editable={!closed} />
      {earlier.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm font-medium">Earlier signing rounds ({earlier.length})</summary>
          <div className="mt-3 grid gap-3">
            {earlier.map((e) => (
              <EnvelopePanel key={e.id} requestId={requestId} envelope={e} signLabel="Sign" refusal={REFUSAL} />
            ))}
          </div>
        </details>
      ) : null}
      <TermSheetEditor requestId={requestId} mode={editing} onClose={() => setEditing(null)} />
      {canFinalize && latest ? <MarkFinalDialog requestId={requestId} version={latest} open={finalizing} onOpenChange={setFinalizing} /> : null}
    </>
  );
}

/** The term sheet card's content: the signing round, the versions, counsel's proposed edits, and the editor. */
export function TermSheetPanel({ requestId, seat, closed }: { requestId: string; seat: SigningSeat; closed: boolean }) {
  const { data, error, refetch, isRefetching } = useCaseSigning(requestId);
  const root = useRef<HTMLDivElement>(null);
  useScrollToCard('term-sheet', !!data, root);
  return (
    <TermSheetFrame ref={root}>
      {data ? (
        <TermSheetBody requestId={requestId} seat={seat} closed={closed} signing={data} />
      ) : error ? (
        <QueryError title="The term sheet could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />
      ) : (
        <Skeleton className="h-24" />
      )}
    </TermSheetFrame>
  );
}
