import type { AcceptanceDto, RequestDto } from '../../../common/api-types';
import { balanceDue, finalBudget, pricedHours } from '../../../common/domain/pricing';
import { parseCents } from '../../../common/money';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { displayCents, displayMoney } from '../../lib/format';

/** What selecting this mediator costs (RULES.md 2.2), in cents, with the same shared functions the server charges by. */
export function selectionCharge(
  request: Pick<RequestDto, 'budget' | 'pricingModel' | 'hoursNeeded' | 'flatFee' | 'depositAmount'>,
  proposedRate: string | null,
) {
  const budget = finalBudget(request, proposedRate);
  const deposit = parseCents(request.depositAmount ?? '0') ?? 0;
  return { budget, deposit, balance: balanceDue(budget, deposit), hours: pricedHours(request) };
}

/**
 * 'Select Mediator' asks before charging: the final budget (a counteroffer's rate × hours), the deposit already paid,
 * and the balance charged now to the card saved with the deposit. 'Confirm and pay' makes the select call.
 */
/**
 * Whether choosing this mediator proposes them to opposing counsel (a two-sided case, decision 045) rather than
 * selecting them: true unless opposing counsel already approved this very mediator (then the selection is paid now).
 */
export function isProposal(request: RequestDto, mediatorId: string): boolean {
  const approved = request.selectionProposal?.status === 'approved' && request.selectionProposal.mediatorId === mediatorId;
  return !!request.opposingLawyerId && !approved;
}

export function SelectMediatorConfirm({
  request,
  acceptance,
  busy,
  onConfirm,
  onClose,
}: {
  request: RequestDto;
  acceptance: AcceptanceDto | null;
  busy: boolean;
  onConfirm: (acceptance: AcceptanceDto) => void;
  onClose: () => void;
}) {
  const charge = acceptance ? selectionCharge(request, acceptance.proposedRate) : null;
  const name = acceptance ? `${acceptance.mediator.firstName} ${acceptance.mediator.lastName}` : '';
  const proposal = acceptance ? isProposal(request, acceptance.mediatorId) : false;
  const counteroffer = acceptance?.proposedRate && charge?.hours ? acceptance.proposedRate : null;
  return (
    <Dialog open={acceptance !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{proposal ? `Propose ${name}?` : `Select ${name}?`}</DialogTitle>
          <DialogDescription>
            {proposal
              ? `Opposing counsel is asked to approve ${name}. Nothing is charged until they do; then the rest of the budget is charged to the card you saved with the deposit.`
              : charge && charge.balance > 0
                ? `The rest of the budget is charged now to the card you saved with the deposit, and ${name} is told at once.`
                : `Your deposit already covers the budget: nothing more is charged, and ${name} is told at once.`}
          </DialogDescription>
        </DialogHeader>
        {charge ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border bg-muted/50 p-4 text-sm">
            {counteroffer ? (
              <>
                <dt>
                  Counteroffer: {displayMoney(counteroffer)}/hour × {charge.hours} hours
                </dt>
                <dd className="text-right">{displayCents(charge.budget)}</dd>
                <dt className="text-muted-foreground">Your original budget</dt>
                <dd className="text-right text-muted-foreground line-through">{displayMoney(request.budget)}</dd>
              </>
            ) : (
              <>
                <dt>Budget</dt>
                <dd className="text-right">{displayCents(charge.budget)}</dd>
              </>
            )}
            <dt>Deposit already paid</dt>
            <dd className="text-right">−{displayCents(charge.deposit)}</dd>
            <dt className="border-t pt-2 font-semibold">{proposal ? 'Charged once approved' : 'Charged now'}</dt>
            <dd className="border-t pt-2 text-right font-semibold" data-testid="selection-charge">
              {displayCents(charge.balance)}
            </dd>
          </dl>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => acceptance && onConfirm(acceptance)} disabled={busy}>
            {busy ? 'Processing...' : proposal ? 'Propose to opposing counsel' : charge && charge.balance > 0 ? 'Confirm and pay' : 'Confirm selection'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
