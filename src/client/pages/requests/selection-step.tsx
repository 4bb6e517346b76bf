import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RequestDto } from '../../../common/api-types';
import { toast } from '../../components/ui/use-toast';
import { PaymentDialog } from '../../features/payments/lazy-payment-dialog';
import { fetchRequest, refreshRequests } from '../../features/requests/api';
import { SelectionList, type BalanceDue } from '../../features/requests/selection-list';
import { ReviewList } from '../../features/reviews/review-list';

/**
 * The owner's awaiting_selection step: the selection list, and the card form for the balance when the saved card is
 * declined (RULES.md 2.2, the 402 path). Composed here because it joins the requests and payments features.
 */
export function SelectionStep({ request }: { request: RequestDto }) {
  const navigate = useNavigate();
  const [balance, setBalance] = useState<BalanceDue | null>(null);

  const selected = async (updated?: RequestDto) => {
    // A two-sided case: the choice went to opposing counsel for approval (202); the page shows the proposal.
    if (updated?.status === 'awaiting_selection') {
      toast({ title: 'Mediator proposed', description: 'Opposing counsel has been asked to approve. The selection happens once they do.' });
      await refreshRequests();
      return;
    }
    toast({ title: 'Mediator Selected', description: 'The mediator has been notified and will begin coordinating the mediation.' });
    await refreshRequests();
    navigate('/requests');
  };

  return (
    <>
      <SelectionList
        request={request}
        onSelected={selected}
        onBalanceDue={setBalance}
        renderReviews={(reviews) => <ReviewList reviews={reviews} headingLevel={4} showCase={false} />}
      />
      {balance ? (
        <PaymentDialog
          open
          onOpenChange={(open) => !open && setBalance(null)}
          title="Pay the balance"
          description="Your saved card was declined. Pay the rest of the budget with another card to confirm your selection."
          amountLabel={balance.amount}
          getClientSecret={async () => balance.clientSecret}
          isSettled={async () => (await fetchRequest(request.id)).status !== 'awaiting_selection'}
          onPaid={() => {
            setBalance(null);
            void selected();
          }}
          onFailed={(message) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' })}
        />
      ) : null}
    </>
  );
}
