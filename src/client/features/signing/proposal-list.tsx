import { useState } from 'react';
import type { EditProposal, TermSheetVersion } from '../../../common/schemas/signing';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { formatDateTime } from '../../lib/format';
import { useAcceptProposal, useDeclineProposal, useWithdrawProposal } from './api';
import { ReasonDialog } from './reason-dialog';
import { TermSheetDiff } from './term-sheet-diff';
import { messageOf, PROPOSAL_STATUS, SIDE_LABELS, type SigningSeat } from './view';

function ProposalItem({
  requestId,
  proposal,
  base,
  seat,
  editable,
}: {
  requestId: string;
  proposal: EditProposal;
  base: TermSheetVersion | undefined;
  seat: SigningSeat;
  editable: boolean;
}) {
  const accept = useAcceptProposal(requestId);
  const decline = useDeclineProposal(requestId);
  const withdraw = useWithdrawProposal(requestId);
  const [declining, setDeclining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = PROPOSAL_STATUS[proposal.status];
  const open = editable && proposal.status === 'open';
  // Each side has one counsel, so a proposal of the reader's side is their own.
  const mine = proposal.side !== null && proposal.side === seat;
  const busy = accept.isPending || withdraw.isPending;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      toast({ title: done });
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <li className="grid min-w-0 gap-2 rounded-lg border p-3" data-testid="proposal">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm wrap-anywhere">
          <span className="font-medium">{proposal.proposedBy}</span>
          {proposal.side ? ` (${SIDE_LABELS[proposal.side].toLowerCase()})` : ''} proposed edits to version {proposal.baseVersion}
        </p>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">{formatDateTime(proposal.createdAt)}</p>
      {proposal.note ? <p className="text-sm wrap-anywhere">{proposal.note}</p> : null}
      {proposal.status === 'accepted' && proposal.acceptedAsVersion ? (
        <p className="text-sm">The mediator made it version {proposal.acceptedAsVersion}.</p>
      ) : null}
      {proposal.status === 'declined' && proposal.decisionReason ? (
        <p className="text-sm wrap-anywhere">The mediator declined: {proposal.decisionReason}</p>
      ) : null}
      {base ? (
        <details className="text-sm" open={proposal.status === 'open'}>
          <summary className="cursor-pointer rounded-sm font-medium">The proposed changes</summary>
          <div className="mt-2">
            <TermSheetDiff before={base.content} after={proposal.content} label={`Proposed changes to version ${base.number}`} />
          </div>
        </details>
      ) : null}
      {error ? (
        <Alert tone="destructive">
          <p>{error}</p>
        </Alert>
      ) : null}
      {open && seat === 'mediator' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => void run(() => accept.mutateAsync(proposal.id), 'Edits accepted: a new version is made')}>
            {accept.isPending ? 'Accepting...' : 'Accept'}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      ) : null}
      {open && mine ? (
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          disabled={busy}
          onClick={() => void run(() => withdraw.mutateAsync(proposal.id), 'Proposal withdrawn')}
        >
          {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
        </Button>
      ) : null}
      {open && seat === 'mediator' ? (
        <ReasonDialog
          open={declining}
          onOpenChange={setDeclining}
          title="Decline these edits?"
          description={`Proposed by ${proposal.proposedBy} to version ${proposal.baseVersion}. The term sheet stays as it is.`}
          hint="Counsel read it."
          action="Decline edits"
          pending={decline.isPending}
          onSubmit={async (reason) => {
            await decline.mutateAsync({ proposalId: proposal.id, reason });
            toast({ title: 'Edits declined' });
          }}
        />
      ) : null}
    </li>
  );
}

/** Counsel's proposed edits, the newest first: the mediator accepts (a new version) or declines them with a reason. */
export function ProposalList({
  requestId,
  proposals,
  versions,
  seat,
  editable,
}: {
  requestId: string;
  proposals: EditProposal[];
  versions: TermSheetVersion[];
  seat: SigningSeat;
  /** False once the case is completed: everything is shown, nothing can change. */
  editable: boolean;
}) {
  if (!proposals.length) return null;
  const ordered = [...proposals].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <section className="grid gap-2" aria-label="Proposed edits">
      <h3 className="text-sm font-semibold">Proposed edits</h3>
      <ul className="grid gap-3">
        {ordered.map((p) => (
          <ProposalItem key={p.id} requestId={requestId} proposal={p} base={versions.find((v) => v.number === p.baseVersion)} seat={seat} editable={editable} />
        ))}
      </ul>
    </section>
  );
}
