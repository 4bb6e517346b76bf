import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import type { CaseSide } from '../../../common/enums';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { fetchFeeSplit, refreshCase, startSharePayment } from '../../features/case-sides/api';
import { PaymentDialog } from '../../features/payments/payment-dialog';
import { displayMoney } from '../../lib/format';

/**
 * Pay a side's outstanding share of the deposit (issue 24, decision 049): one's own, or the other side's on its behalf.
 * It joins the case-sides and payments features, so it lives with the page that uses it (DESIGN 3).
 */
export function SharePaymentButton({ requestId, side, mySide, amount }: { requestId: string; side: CaseSide; mySide: CaseSide; amount: string }) {
  const [open, setOpen] = useState(false);
  const label = displayMoney(amount);
  const own = side === mySide;
  return (
    <>
      <Button size="sm" variant={own ? 'default' : 'outline'} className="justify-self-start" onClick={() => setOpen(true)}>
        <CreditCard aria-hidden="true" />
        {own ? `Pay your share (${label})` : `Pay their share (${label})`}
      </Button>
      <PaymentDialog
        open={open}
        onOpenChange={setOpen}
        title={own ? 'Pay your share of the deposit' : "Pay the other side's share"}
        description={
          own
            ? `Pay ${label}, your side's share of the deposit.${side === 'second' ? ' The requesting side paid it at submit and is refunded once you pay.' : ''}`
            : `Pay ${label} on the other side's behalf. The receipt says you paid their share.`
        }
        amountLabel={label}
        getClientSecret={async () => (await startSharePayment(requestId, side)).clientSecret}
        isSettled={async () => (await fetchFeeSplit(requestId))?.shares?.[side].depositOutstanding === '0.00'}
        onPaid={() => {
          setOpen(false);
          toast({ title: 'Payment Successful', description: `${label} is paid toward the deposit.` });
          void refreshCase();
        }}
        onFailed={(message) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' })}
      />
    </>
  );
}
