import { Check, Percent, Scale } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { RequestDto } from '../../../common/api-types';
import { splitProblem } from '../../../common/domain/fee-split';
import type { CaseSide } from '../../../common/enums';
import type { FeeSplitDto, SideShare } from '../../../common/schemas/fee-split';
import { InvoiceLink } from '../../components/invoice-link';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { displayMoney, formatDateTime } from '../../lib/format';
import { useAcceptFeeSplit, useProposeFeeSplit } from './api';

const SIDE_NAME: Record<CaseSide, string> = { first: 'Requesting side', second: 'Opposing side' };

/** What a side owes now: its deposit share first, then (while a selection waits for the shares) its balance share. */
export function nextDue(share: SideShare): { kind: 'deposit' | 'balance'; amount: string } | null {
  if (share.depositOutstanding !== '0.00') return { kind: 'deposit', amount: share.depositOutstanding };
  if (share.balanceOutstanding !== '0.00') return { kind: 'balance', amount: share.balanceOutstanding };
  return null;
}

/** What a side pays, as amounts first (issue 24: "shown as amounts, not only percentages"). */
function ShareColumn({ side, share, mine, waiting, pay }: { side: CaseSide; share: SideShare; mine: boolean; waiting: boolean; pay: ReactNode }) {
  const due = nextDue(share);
  const paidNote = waiting ? 'Share paid' : 'Deposit share paid';
  const paidShows = waiting ? share.budget !== '0.00' : share.deposit !== '0.00';
  return (
    <div className="grid content-start gap-2 rounded-lg border p-3" data-testid={`share-${side}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {SIDE_NAME[side]}
          {mine ? ' (you)' : ''}
        </p>
        <Badge tone="blue">{share.percent}%</Badge>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Share of the fee</dt>
        <dd className="text-right font-medium tabular-nums" data-testid={`share-${side}-budget`}>
          {displayMoney(share.budget)}
        </dd>
        <dt className="text-muted-foreground">Share of the deposit</dt>
        <dd className="text-right tabular-nums" data-testid={`share-${side}-deposit`}>
          {displayMoney(share.deposit)}
        </dd>
        <dt className="text-muted-foreground">Deposit held for this side</dt>
        <dd className="text-right tabular-nums">{displayMoney(share.depositHeld)}</dd>
        {waiting || share.balanceHeld !== '0.00' ? (
          <>
            <dt className="text-muted-foreground">Share of the balance</dt>
            <dd className="text-right tabular-nums" data-testid={`share-${side}-balance`}>
              {displayMoney(share.balance)}
            </dd>
            <dt className="text-muted-foreground">Balance held for this side</dt>
            <dd className="text-right tabular-nums">{displayMoney(share.balanceHeld)}</dd>
          </>
        ) : null}
      </dl>
      {due ? (
        <div className="grid gap-2">
          <Badge tone="yellow" className="justify-self-start" data-testid={`share-${side}-due`}>
            {displayMoney(due.amount)} of the {due.kind} due
          </Badge>
          {pay}
        </div>
      ) : paidShows ? (
        <p className="flex items-center gap-1 text-sm text-success">
          <Check className="size-4" aria-hidden="true" />
          {paidNote}
        </p>
      ) : null}
    </div>
  );
}

function ProposeForm({ request, split, onDone }: { request: RequestDto; split: FeeSplitDto; onDone: () => void }) {
  const propose = useProposeFeeSplit(request.id);
  const mySeat = request.sides?.mySeat === 'second' ? 'second' : 'first';
  const start = split.agreed ?? split.proposal;
  const [mine, setMine] = useState(String(mySeat === 'first' ? (start?.firstSidePercent ?? 50) : (start?.secondSidePercent ?? 50)));
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const value = mine.trim() === '' ? NaN : Number(mine);
    const input =
      mySeat === 'first' ? { firstSidePercent: value, secondSidePercent: 100 - value } : { firstSidePercent: 100 - value, secondSidePercent: value };
    const problem = splitProblem(input);
    if (problem) return setError(problem.message);
    setError(null);
    try {
      const saved = await propose.mutateAsync(input);
      toast({
        title: saved?.proposal ? 'Split proposed' : 'Split agreed',
        description: saved?.proposal ? 'The other side accepts it, or proposes another.' : 'Both sides agreed how the fee is shared.',
      });
      onDone();
    } catch (e) {
      toastError('Could not propose the split', e);
    }
  };
  return (
    <div className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,12rem)_auto] sm:items-end">
      <FormField label="Your side's share (%)" error={error ?? undefined} hint="Whole percents; the other side pays the rest.">
        <Input inputMode="numeric" value={mine} onChange={(e) => setMine(e.target.value)} aria-describedby={undefined} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void submit()} disabled={propose.isPending}>
          {propose.isPending ? 'Proposing...' : 'Propose this split'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * How the two sides share the mediator's fee (issue 24, decision 049): each side's share in money, the deposit each
 * still owes (with a pay button the page supplies, as it joins the payments feature), and the proposal to answer.
 */
export function FeeSplitCard({
  request,
  payButton,
}: {
  request: RequestDto;
  payButton: (side: CaseSide, due: { kind: 'deposit' | 'balance'; amount: string }) => ReactNode;
}) {
  const split = request.sides?.feeSplit;
  const accept = useAcceptFeeSplit(request.id);
  const [proposing, setProposing] = useState(false);
  if (!split || !request.sides) return null;
  const seat = request.sides.mySeat;
  const counsel = seat === 'first' || seat === 'second';
  const proposal = split.proposal;
  const theirs = proposal && counsel && proposal.proposedBy !== seat;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale className="size-5 text-primary" aria-hidden="true" />
          Sharing the fee
        </CardTitle>
        <CardDescription>
          {split.agreed
            ? `Agreed ${formatDateTime(split.agreed.agreedAt)}: the requesting side pays ${split.agreed.firstSidePercent}%, the opposing side ${split.agreed.secondSidePercent}%.`
            : 'The sides have not agreed how the fee is shared yet. No mediator can be proposed or approved until they do.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {split.waitingSelection ? (
          <Alert tone="info">
            <Scale aria-hidden="true" />
            <p>
              Both sides approved the mediator. Each side pays its share of the {displayMoney(split.waitingSelection.budget)} fee; the selection takes effect
              once every share is paid. A saved card was charged where there was one.
            </p>
          </Alert>
        ) : null}
        {split.dueBy ? (
          <p className="text-sm text-muted-foreground" data-testid="shares-due-by">
            Shares due by <strong className="text-foreground">{formatDateTime(split.dueBy)}</strong>. A share not paid by then closes the case, and everything
            paid is refunded to whoever paid it.
          </p>
        ) : null}
        {split.unfundedAt ? (
          <Alert tone="warning">
            <Scale aria-hidden="true" />
            <p>This case closed on {formatDateTime(split.unfundedAt)} because a share was not paid in time. Everything paid was refunded.</p>
          </Alert>
        ) : null}
        {split.shares ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {(['first', 'second'] as const).map((side) => (
              <ShareColumn
                key={side}
                side={side}
                share={split.shares![side]}
                mine={seat === side}
                waiting={split.waitingSelection !== null}
                pay={counsel && nextDue(split.shares![side]) ? payButton(side, nextDue(split.shares![side])!) : null}
              />
            ))}
          </div>
        ) : null}
        {proposal ? (
          <Alert tone={theirs ? 'warning' : 'info'}>
            <Percent aria-hidden="true" />
            <div className="grid gap-2">
              <p>
                {proposal.proposedBy === seat ? 'You propose' : `The ${SIDE_NAME[proposal.proposedBy].toLowerCase()} proposes`}: requesting side{' '}
                {proposal.firstSidePercent}%, opposing side {proposal.secondSidePercent}% ({formatDateTime(proposal.proposedAt)}).
                {proposal.proposedBy === seat ? ' Waiting for the other side.' : ''}
              </p>
              {theirs && split.canChange ? (
                <Button
                  size="sm"
                  className="justify-self-start"
                  disabled={accept.isPending}
                  onClick={() =>
                    accept
                      .mutateAsync()
                      .then(() => toast({ title: 'Split agreed', description: 'Both sides agreed how the fee is shared.' }))
                      .catch((e) => toastError('Could not accept the split', e))
                  }
                >
                  Accept this split
                </Button>
              ) : null}
            </div>
          </Alert>
        ) : null}
        <InvoiceLink request={request} />
        {counsel && split.canChange && proposing ? <ProposeForm request={request} split={split} onDone={() => setProposing(false)} /> : null}
        {counsel && split.canChange && !proposing ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setProposing(true)}>
            {proposal || !split.agreed ? 'Propose another split' : 'Propose a different split'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
