import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/use-toast';
import { PaymentDialog } from '../../features/payments/lazy-payment-dialog';
import { fetchRequest, refreshRequests, useSubmitRequest } from '../../features/requests/api';
import { displayMoney } from '../../lib/format';

/**
 * 'Complete Payment' for a draft: submit gives the client secret (a new one after a decline), then the card form.
 * It joins the requests and payments features, so it lives with the pages that use it (DESIGN 3).
 */
export function DepositPaymentDialog({
  requestId,
  deposit,
  open,
  onOpenChange,
}: {
  requestId: string;
  deposit: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const submit = useSubmitRequest();
  const navigate = useNavigate();
  const amount = displayMoney(deposit);
  return (
    <PaymentDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Complete Payment"
      description={`Pay ${amount} deposit to submit your mediation request`}
      amountLabel={amount}
      getClientSecret={async () => (await submit.mutateAsync(requestId)).clientSecret}
      isSettled={async () => (await fetchRequest(requestId)).status !== 'draft'}
      onPaid={() => {
        onOpenChange(false);
        toast({ title: 'Payment Successful', description: `Your ${amount} deposit has been processed. Your request is now live!` });
        void refreshRequests();
        navigate('/requests');
      }}
      onFailed={(message) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' })}
    />
  );
}
